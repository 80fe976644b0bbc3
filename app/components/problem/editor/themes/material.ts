import { makeTheme } from "./make";

export default makeTheme({
  dark: true,
  bg: "#263238",
  fg: "#eeffff",
  caret: "#ffcc00",
  selection: "rgba(128, 203, 196, 0.2)",
  activeLine: "rgba(0, 0, 0, 0.5)",
  gutterBg: "#263238",
  gutterFg: "#546e7a",
  keyword: "#c792ea",
  string: "#c3e88d",
  comment: "#546e7a",
  number: "#ff5370",
  def: "#82aaff",
  type: "#decb6b",
  operator: "#89ddff",
  meta: "#ffcb6b",
  property: "#c792ea",
  variable: "#eeffff",
});
