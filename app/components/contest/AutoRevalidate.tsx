import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

// Reloads the page's data every `ms` while the page is open (with JavaScript); without it the
// page's refresh link does the same.
export function AutoRevalidate({ ms }: { ms: number }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const id = window.setInterval(() => revalidate(), ms);
    return () => window.clearInterval(id);
  }, [ms, revalidate]);
  return null;
}
