import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    screens: {
      // The two breakpoints of the specification: 768 (phone) and 992 (drawer).
      sm: "768px",
      md: "992px",
      lg: "1200px",
    },
    extend: {
      colors: {
        // HOJ's blue (#2d8cf0) darkened until text in it on white, and white on it, reach WCAG AA's
        // 4.5:1 (5.8:1); the hover shade darker still. `light` is for focus rings and accents only.
        brand: {
          DEFAULT: "#1764bf",
          dark: "#13529e",
          light: "#5cadff",
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
