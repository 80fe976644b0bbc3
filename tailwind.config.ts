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
        brand: {
          DEFAULT: "#2d8cf0",
          dark: "#2b85e4",
          light: "#5cadff",
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
