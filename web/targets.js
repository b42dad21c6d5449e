// Which drawn part a move parameter names. Renderers register their parts (component,
// part, key); a parameter's word is looked up through the layout's `targets` hint for its
// domain, or by default: seat -> a seat panel, index -> a part of the component the domain
// names, id -> any part keyed by that id (cards, spaces, hexes, corners, edges, piles).

export class PartRegistry {
  constructor() {
    this.entries = [];
    this.byKey = new Map();  // key -> entries: every move's clicks are looked up by key
  }

  // An element drawn before (a hex map updated in place) may be added again: its marks are
  // then left as they are, since rewriting them would make the page style it again.
  add(component, part, key, element, byId, seat = -1) {
    const data = element.dataset;
    if (data.component !== component) {
      element.classList.add("part");
      data.component = component;
    }
    if (data.part !== part) data.part = part;
    if (!data.key) data.key = key;
    // Every key the part answers to (a market card: its id and its slot), for tests and tools.
    const keys = data.keys ? JSON.parse(data.keys) : [];
    if (!keys.includes(key)) data.keys = JSON.stringify([...keys, key]);
    this.push({ component, part, key, element, byId, seat });
  }

  // Parts another registry holds (a drawing kept from an earlier update).
  adopt(entries) {
    for (const entry of entries) this.push(entry);
  }

  push(entry) {
    this.entries.push(entry);
    const same = this.byKey.get(entry.key);
    if (same) same.push(entry);
    else this.byKey.set(entry.key, [entry]);
  }

  // seat: only parts of that seat's own components (null: any).
  find({ component = null, part = null, key, byId = null, seat = null }) {
    return (this.byKey.get(key) || [])
      .filter((e) => (component === null || e.component === component) &&
        (part === null || e.part === part) && (byId === null || e.byId === byId) &&
        (seat === null || e.seat === seat))
      .map((e) => e.element);
  }

  hasComponent(name) {
    return this.entries.some((e) => e.component === name);
  }
}

const UNDRAWN_TYPES = new Set(["int", "enum", "choice"]);

// A hint's part for a key: `seat: own` keeps to the components of the seat making the move.
function findByHint(hint, key, registry, mover) {
  const seat = hint.seat === "own" ? mover : null;
  return registry.find({ component: hint.component ?? null, part: hint.part ?? null, key, seat });
}

// The clicks of a legal entry: a list of element sets, one per click, in order. The
// layout's `moves.<move>` lists them explicitly (a key built from several parameters, such
// as a grid cell "{row},{column}"); otherwise each parameter with a drawn part is a click.
export function clicksForEntry(entry, registry, layout, mover) {
  const byMove = layout && layout.moves && layout.moves[entry.move];
  const params = entry.params || [];
  if (Array.isArray(byMove)) {
    const words = Object.fromEntries(params.map((p) => [p.name, p.word]));
    return byMove.map((hint) => {
      const key = String(hint.key || "").replace(/\{([^}]+)\}/g, (_, name) => words[name] ?? "\u0000");
      return new Set(findByHint(hint, key, registry, mover));
    }).filter((set) => set.size > 0);
  }
  return params.map((param) => new Set(elementsForParam(param, registry, layout, mover)))
    .filter((set) => set.size > 0);
}

// The elements a parameter's value stands for on the board (none: it is picked from buttons).
export function elementsForParam(param, registry, layout, mover = null) {
  const hints = (layout && layout.targets) || {};
  const hint = hints[param.domain] || hints[param.name];
  if (hint) {
    const key = (hint.key || "{word}").replaceAll("{word}", param.word);
    return findByHint(hint, key, registry, mover);
  }
  if (UNDRAWN_TYPES.has(param.type)) return [];
  if (param.type === "seat") return registry.find({ part: "seat", key: param.word });
  if (param.type === "index") {
    if (param.domain && registry.hasComponent(param.domain)) {
      return registry.find({ component: param.domain, key: param.word, byId: false });
    }
    return [];
  }
  if (param.type === "id") return registry.find({ key: param.word, byId: true });
  return [];
}
