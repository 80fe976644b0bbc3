import { makeTheme } from "./make";

export default makeTheme({
  dark: true,
  bg: "#002240",
  fg: "#ffffff",
  caret: "#ffffff",
  selection: "#b36539",
  activeLine: "#002d57",
  gutterBg: "#002240",
  gutterFg: "#d0d0d0",
  gutterBorder: "1px solid #aaaaaa",
  keyword: "#ffee80",
  string: "#3ad900",
  comment: "#0088ff",
  number: "#ff80e1",
  def: "#ffffff",
  type: "#9effff",
  operator: "#ffffff",
  meta: "#ff9d00",
  property: "#ffffff",
  variable: "#ffffff",
});
