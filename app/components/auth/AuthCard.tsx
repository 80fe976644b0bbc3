import type { ReactNode } from "react";

/** The frame of the plain account pages: a card as wide as the login modal (370px). */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex justify-center px-4 py-10">
      <section className={`${wide ? "w-[720px]" : "w-[370px]"} max-w-full rounded-md bg-white p-5 shadow`} aria-labelledby="auth-page-title">
        <h1 id="auth-page-title" className="mb-5 text-xl font-semibold text-gray-800">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
