import { useEffect, useRef, type CSSProperties } from "react";
import { useTranslation } from "~/lib/translation";
import type { PuzzleView } from "~/lib/account";

// The slide puzzle: the piece is the thumb of a range input laid over the background, so dragging
// the piece is dragging the slider, with or without JavaScript (and arrow keys move it one pixel).
// The thumb is exactly as wide as the piece, so the input's value is the piece's left edge in
// pixels. With JavaScript, letting go of the piece submits the form.

const THUMB =
  "[&::-webkit-slider-runnable-track]:h-full [&::-webkit-slider-runnable-track]:bg-transparent " +
  "[&::-webkit-slider-thumb]:[width:var(--piece-w)] [&::-webkit-slider-thumb]:[height:var(--piece-h)] [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-none [&::-webkit-slider-thumb]:border-0 [&::-webkit-slider-thumb]:bg-transparent [&::-webkit-slider-thumb]:bg-no-repeat [&::-webkit-slider-thumb]:[background-image:var(--piece)] [&::-webkit-slider-thumb]:drop-shadow " +
  "[&::-moz-range-track]:bg-transparent [&::-moz-range-thumb]:[width:var(--piece-w)] [&::-moz-range-thumb]:[height:var(--piece-h)] [&::-moz-range-thumb]:rounded-none [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-transparent [&::-moz-range-thumb]:bg-no-repeat [&::-moz-range-thumb]:[background-image:var(--piece)]";

export function SlidePuzzle({ puzzle, error, onSolved }: { puzzle: PuzzleView; error?: string; onSolved?: () => void }) {
  const { t } = useTranslation("auth");
  const inputRef = useRef<HTMLInputElement>(null);
  const solvedRef = useRef(onSolved);
  solvedRef.current = onSolved;

  // Submit when the piece is let go after a drag (wherever the pointer is released).
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    let dragging = false;
    const down = () => {
      dragging = true;
    };
    const up = () => {
      if (!dragging) return;
      dragging = false;
      if (Number(input.value) > 0) solvedRef.current?.();
    };
    input.addEventListener("pointerdown", down);
    window.addEventListener("pointerup", up);
    return () => {
      input.removeEventListener("pointerdown", down);
      window.removeEventListener("pointerup", up);
    };
  }, []);

  const style = {
    width: puzzle.width,
    height: puzzle.height,
    "--piece": `url(${puzzle.piece})`,
    "--piece-w": `${puzzle.pieceWidth}px`,
    "--piece-h": `${puzzle.height}px`,
  } as CSSProperties;

  return (
    <div className="space-y-1" data-slide-puzzle>
      <p className="text-sm text-gray-600">{t("puzzle.hint")}</p>
      <div className="overflow-x-auto">
        <div className="relative select-none" style={{ width: puzzle.width, height: puzzle.height }}>
          <img src={puzzle.background} width={puzzle.width} height={puzzle.height} alt="" draggable={false} className="absolute inset-0 rounded" />
          <input
            ref={inputRef}
            type="range"
            name="puzzleOffset"
            min={0}
            max={puzzle.width - puzzle.pieceWidth}
            step={1}
            defaultValue={0}
            aria-label={t("puzzle.slider")}
            style={style}
            className={`absolute inset-0 m-0 cursor-grab appearance-none bg-transparent p-0 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand active:cursor-grabbing ${THUMB}`}
          />
        </div>
      </div>
      <input type="hidden" name="puzzleToken" value={puzzle.token} />
      {error ? (
        <p className="text-xs text-red-600" data-error-for="puzzle" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
