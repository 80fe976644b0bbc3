import { useEffect, useState } from "react";
import { withBase } from "~/lib/base-path";
import { useTranslation } from "~/lib/translation";

// The home page's carousel (spec section 9: every 5000 ms; 300px high, 200px under 768px). The
// server renders the first image; with JavaScript the images take turns, and dots pick one. With no
// image the default banner (the site's name on the brand colour) shows.

export const CAROUSEL_INTERVAL_MS = 5000;

export function Carousel({ images, siteName }: { images: Array<{ id: number; url: string }>; siteName: string }) {
  const { t } = useTranslation("home");
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (images.length < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % images.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [images.length, paused]);

  if (images.length === 0) {
    return (
      <section aria-label={t("carousel.label")} className="flex h-[200px] items-center justify-center rounded-lg bg-gradient-to-r from-blue-800 to-indigo-700 px-6 text-center md:h-[300px]" data-carousel="default">
        <p className="text-2xl font-semibold text-white md:text-4xl">{siteName}</p>
      </section>
    );
  }
  return (
    <section
      aria-label={t("carousel.label")}
      aria-roledescription="carousel"
      className="relative h-[200px] overflow-hidden rounded-lg bg-gray-800 md:h-[300px]"
      data-carousel={images.length}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {images.map((img, i) => (
        <img
          key={img.id}
          src={img.url.startsWith("/") ? withBase(img.url) : img.url}
          alt={t("carousel.image", { n: i + 1, total: images.length })}
          className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-700 ${i === index ? "opacity-100" : "opacity-0"}`}
          aria-hidden={i === index ? undefined : true}
          data-active={i === index ? "1" : undefined}
        />
      ))}
      {images.length > 1 ? (
        <div className="absolute bottom-2 left-0 right-0 flex justify-center gap-2">
          {images.map((img, i) => (
            <button
              key={img.id}
              type="button"
              className={`h-3 w-3 rounded-full border border-white ${i === index ? "bg-white" : "bg-white/40"}`}
              aria-label={t("carousel.show", { n: i + 1 })}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
