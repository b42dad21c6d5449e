// DOM and SVG builders. Every text from the server goes in through textContent, never
// as markup: names, card ids and log lines are untrusted.
const SVG_NS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

// An SVG <text> whose content is plain text.
export function svgText(x, y, text, attrs = {}) {
  return svg("text", { x, y, ...attrs }, String(text));
}

function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, String(value));
  }
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

// Makes node's children be `children`, in order, moving or removing only what differs:
// a node taken out and put back is styled and laid out again, so unchanged children stay.
export function syncChildren(node, children) {
  let cursor = node.firstChild;
  for (const child of children) {
    if (child === cursor) cursor = cursor.nextSibling;
    else node.insertBefore(child, cursor);
  }
  while (cursor) {
    const next = cursor.nextSibling;
    node.removeChild(cursor);
    cursor = next;
  }
  return node;
}
