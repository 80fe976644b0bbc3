import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import type { Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { tags as t } from "@lezer/highlight";

// One small factory for the editor themes of spec section 9; each theme is a palette in its own
// module, so the page downloads only the theme in use.

export interface Palette {
  dark: boolean;
  bg: string;
  fg: string;
  caret: string;
  selection: string;
  activeLine: string;
  gutterBg: string;
  gutterFg: string;
  gutterBorder?: string;
  keyword: string;
  keywordBold?: boolean;
  string: string;
  comment: string;
  number: string;
  def: string;
  type: string;
  operator: string;
  meta: string;
  property: string;
  variable: string;
  bracket?: string;
}

export function makeTheme(p: Palette): Extension {
  const theme = EditorView.theme(
    {
      "&": { color: p.fg, backgroundColor: p.bg },
      ".cm-content": { caretColor: p.caret },
      ".cm-cursor, .cm-dropCursor": { borderLeftColor: p.caret },
      "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection": {
        backgroundColor: p.selection,
      },
      ".cm-activeLine": { backgroundColor: p.activeLine },
      ".cm-gutters": { backgroundColor: p.gutterBg, color: p.gutterFg, border: "none", borderRight: p.gutterBorder ?? "none" },
      ".cm-activeLineGutter": { backgroundColor: p.activeLine },
      "&.cm-focused .cm-matchingBracket": { outline: `1px solid ${p.bracket ?? p.fg}`, backgroundColor: "transparent" },
    },
    { dark: p.dark },
  );
  const style = HighlightStyle.define([
    { tag: [t.keyword, t.controlKeyword, t.modifier, t.definitionKeyword, t.moduleKeyword], color: p.keyword, fontWeight: p.keywordBold ? "bold" : undefined },
    { tag: [t.string, t.special(t.string), t.character, t.regexp], color: p.string },
    { tag: [t.comment, t.lineComment, t.blockComment, t.docComment], color: p.comment, fontStyle: "italic" },
    { tag: [t.number, t.bool, t.null, t.atom, t.literal], color: p.number },
    { tag: [t.function(t.variableName), t.function(t.propertyName), t.function(t.definition(t.variableName)), t.definition(t.variableName)], color: p.def },
    { tag: [t.typeName, t.className, t.standard(t.typeName), t.namespace], color: p.type },
    { tag: [t.operator, t.operatorKeyword, t.derefOperator], color: p.operator },
    { tag: [t.processingInstruction, t.meta, t.macroName, t.annotation], color: p.meta },
    { tag: [t.propertyName, t.attributeName], color: p.property },
    { tag: [t.variableName, t.self], color: p.variable },
    { tag: t.invalid, color: "#ff0000" },
  ]);
  return [theme, syntaxHighlighting(style)];
}
