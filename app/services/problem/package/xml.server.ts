import { SaxesParser } from "saxes";

// A small element tree of an XML file (Polygon's problem.xml): elements, attributes and text.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export function parseXml(source: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlElement = { name: "#document", attrs: {}, children: [], text: "" };
  const stack: XmlElement[] = [root];
  parser.on("opentag", (tag) => {
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[k] = String(v);
    const el: XmlElement = { name: tag.name, attrs, children: [], text: "" };
    stack[stack.length - 1].children.push(el);
    stack.push(el);
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  parser.on("text", (t) => {
    stack[stack.length - 1].text += t;
  });
  parser.on("cdata", (t) => {
    stack[stack.length - 1].text += t;
  });
  parser.write(source).close();
  return root;
}

/** The first element at a path of names below `el` ("judging/testset"). */
export function child(el: XmlElement | undefined, pathOf: string): XmlElement | undefined {
  let cur = el;
  for (const name of pathOf.split("/")) {
    cur = cur?.children.find((c) => c.name === name);
    if (!cur) return undefined;
  }
  return cur;
}

/** Every element named `name` directly below `el`. */
export function childrenOf(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}
