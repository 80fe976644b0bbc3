import { makeTheme } from "./make";

// Solarized light, the default theme, with every text colour darkened (same hue) until it reads at
// 4.5:1 or more on the background, the active line and the selection (WCAG AA).
export default makeTheme({
  dark: false,
  bg: "#fdf6e3",
  fg: "#576970",
  caret: "#556a71",
  selection: "#eee8d5",
  activeLine: "#f5efdc",
  gutterBg: "#eee8d5",
  gutterFg: "#5c6a6a",
  keyword: "#5f6e00",
  string: "#1e726c",
  comment: "#5c6a6a",
  number: "#bc2970",
  def: "#1d6ca2",
  type: "#826200",
  operator: "#565cbb",
  meta: "#b24213",
  property: "#1e726c",
  variable: "#576970",
});
