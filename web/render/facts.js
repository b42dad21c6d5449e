// A component's facts (hint `facts`): values of a counters component shown in another
// component's figure, as an expedition's panel shows its lock and load from the tallies.
// Each fact is {label, value, text, colour}: text from `names`, colour from `colours`.
import { el } from "../dom.js";
import { inkOn } from "./common.js";

// The facts of a hint, read from `source` (a counters component; null: none to read).
export function readFacts(hint, source) {
  const values = (source && source.values) || {};
  return (hint.show || []).filter((fact) => fact.key in values).map((fact) => {
    const value = values[fact.key];
    const names = fact.names || {}, colours = fact.colours || {};
    return { key: fact.key, label: fact.label ?? fact.key, value,
      text: names[value] !== undefined ? String(names[value]) : String(value), colour: colours[value] || null };
  });
}

export function renderFacts(facts) {
  return el("div", { class: "facts" }, facts.map((fact) => el("span", {
    class: "fact", dataset: { fact: fact.key },
    style: fact.colour ? `background:${fact.colour};color:${inkOn(fact.colour)}` : null,
  }, el("span", { class: "fact-label" }, `${fact.label} `), el("strong", {}, fact.text))));
}
