// A kind this page does not know yet: its name and fields, so a new kind still shows.
import { svg, svgText } from "../dom.js";
import { finish } from "./common.js";

export function renderUnknown(comp) {
  const root = svg("svg", { class: "kind-unknown" });
  root.append(svgText(4, 14, `${comp.kind}: ${Object.keys(comp).join(", ")}`, { class: "small" }));
  return finish(root, 400, 20);
}
