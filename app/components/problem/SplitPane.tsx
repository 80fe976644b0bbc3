import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/translation";

// Statement on the left, editor on the right, with a handle to drag the border (wide screens). On
// phones the two are stacked and there is no handle. Without JavaScript the split stays at half.

const MIN = 25;
const MAX = 75;
const KEY = "oj:problem:split";

/** The split is kept for the next visit, whether it was dragged or moved with the arrow keys. */
function remember(percent: number) {
  try {
    localStorage.setItem(KEY, String(Math.round(percent)));
  } catch {
    // Storage disabled: the split just is not remembered.
  }
}

export function SplitPane({ left, right }: { left: ReactNode; right: ReactNode }) {
  const { t } = useTranslation("problem");
  const [percent, setPercent] = useState(50);
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  useEffect(() => {
    const saved = Number(localStorage.getItem(KEY));
    if (saved >= MIN && saved <= MAX) setPercent(saved);
  }, []);

  const move = useCallback((clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    const p = Math.min(MAX, Math.max(MIN, ((clientX - rect.left) / rect.width) * 100));
    setPercent(p);
  }, []);

  useEffect(() => {
    const onMove = (e: PointerEvent) => dragging.current && move(e.clientX);
    const onUp = () => {
      if (!dragging.current) return;
      dragging.current = false;
      document.body.style.userSelect = "";
      setPercent((p) => {
        remember(p);
        return p;
      });
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
    return () => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
    };
  }, [move]);

  return (
    <div ref={box} className="flex flex-col gap-3 md:flex-row md:gap-0" style={{ ["--split" as string]: `${percent}%` }}>
      <div className="min-w-0 md:w-[var(--split)] md:pr-2">{left}</div>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={t("detail.resize")}
        aria-valuenow={Math.round(percent)}
        aria-valuemin={MIN}
        aria-valuemax={MAX}
        tabIndex={0}
        className="hidden w-2 shrink-0 cursor-col-resize rounded bg-gray-200 hover:bg-brand-light md:block"
        onPointerDown={(e) => {
          dragging.current = true;
          document.body.style.userSelect = "none";
          e.preventDefault();
        }}
        onKeyDown={(e) => {
          const step = e.key === "ArrowLeft" ? -2 : e.key === "ArrowRight" ? 2 : 0;
          if (!step) return;
          e.preventDefault();
          setPercent((p) => {
            const next = Math.min(MAX, Math.max(MIN, p + step));
            remember(next);
            return next;
          });
        }}
      />
      <div className="min-w-0 flex-1 md:pl-2">{right}</div>
    </div>
  );
}
