// kayalib board: a play page drawn from its tree (kayalib/ui/tree.py), the one front end of
// both games and of every seat (a local table or a class seat).
// - The kernel gives the whole tree once (the model's "scene": rev, tree, sprites) and then one
//   message per change: the patch from the tree the page has to the next one. A patch that does
//   not follow the page's tree (one was lost while the page was being built) asks for the tree
//   again; so does every view when it is drawn ("hello").
// - The tree, a patch and the card drawings come deflated in the message's binary buffer, and
//   are inflated here at once (the browser's DecompressionStream costs milliseconds of
//   hand-offs for a message of a few kilobytes).
// - Elements stay put while their words and attributes change, so focus, scroll and a screen
//   reader's live region survive every change, and nothing is laid out again that did not change.
// - A click on a control, or a value chosen, goes to the kernel as {ctl, do: "click"} or
//   {ctl, value}. The page holds no words of its own: every word comes in the tree.
// - Text is set as text, never as markup; only the kit's own card drawings are SVG.
// - A control the kernel moved the keyboard's focus to ("data-focus" counts) takes it.
const TAGS = new Set(["a", "b", "button", "code", "details", "div", "h1", "h4", "i", "input",
  "label", "li", "ol", "option", "p", "select", "span", "strong", "summary", "table", "tbody",
  "td", "th", "thead", "tr", "ul"]);
const FIRST = 2;

// the drawings a message brings, parsed together and kept to be copied wherever the tree shows
// them. They are parsed as the page's own markup is, in an inert template (no script runs, nothing
// loads), which takes half the time an XML document does; a drawing that does not come out as
// one element is parsed alone, as XML.
function learn(store, sprites) {
  const keys = Object.keys(sprites || {}).filter((key) => !store.parsed[key]);
  if (!keys.length) {
    return;
  }
  const template = document.createElement("template");
  template.innerHTML = keys.map((key) => sprites[key]).join("");
  const parsed = template.content.children;
  const each = parsed.length === keys.length ? [...parsed] : keys.map(
    (key) => new DOMParser().parseFromString(sprites[key], "image/svg+xml").documentElement);
  keys.forEach((key, i) => {
    store.parsed[key] = document.importNode(each[i], true);
  });
}

function drawing(node, store) {
  const template = store.parsed[node.card];
  if (!template) {
    return document.createElement("span");
  }
  const copy = template.cloneNode(true);
  const box = (copy.getAttribute("viewBox") || "0 0 1 1").split(" ").map(Number);
  copy.setAttribute("width", node.w);
  copy.setAttribute("height", Math.round(node.w * box[3] / box[2]));
  return copy;
}

function setProp(el, key, value) {
  if (/^on/i.test(key)) {
    return;
  }
  if (key === "class") {
    el.className = (el.kayaFixed + " " + (value || "")).trim();
  } else if (key === "ctl") {
    el.dataset.ctl = value;
  } else if (key === "checked") {
    el.checked = Boolean(value);
  } else if (key === "value" && (el.tagName === "INPUT" || el.tagName === "SELECT")) {
    el.kayaValue = value === null ? "" : String(value);
    if (el.value !== el.kayaValue) {
      el.value = el.kayaValue;
    }
  } else if (value === null || value === false) {
    el.removeAttribute(key);
  } else if (key === "data-focus") {
    el.setAttribute(key, value);
    setTimeout(() => el.focus(), 0);
  } else {
    el.setAttribute(key, value === true ? "" : String(value));
  }
}

function build(node, store) {
  if (typeof node === "string") {
    return document.createTextNode(node);
  }
  if (!Array.isArray(node)) {
    return drawing(node, store);
  }
  const [name, ...classes] = node[0].split(".");
  const el = document.createElement(TAGS.has(name) ? name : "span");
  el.kayaFixed = classes.join(" ");
  el.className = el.kayaFixed;
  for (let i = FIRST; i < node.length; i++) {
    el.appendChild(build(node[i], store));
  }
  for (const [key, value] of Object.entries(node[1])) {
    setProp(el, key, value);
  }
  return el;
}

// the element, and the node of the tree, at a path of child indexes
function element(root, path) {
  return path.reduce((el, i) => el.childNodes[i], root);
}

function nodeAt(doc, path) {
  return path.reduce((node, i) => node[FIRST + i], doc);
}

function patchView(view, op, store) {
  const [kind, path, value] = op;
  const el = element(view.root, path);
  if (kind === "r") {
    const fresh = build(value, store);
    el.replaceWith(fresh);
    if (path.length === 0) {
      view.root = fresh;
    }
  } else if (kind === "p") {
    for (const [key, attr] of Object.entries(value)) {
      setProp(el, key, attr);
    }
  } else if (kind === "+") {
    for (const node of value) {
      el.appendChild(build(node, store));
    }
  } else if (kind === "-") {
    while (el.childNodes.length > value) {
      el.lastChild.remove();
    }
  } else if (kind === "<") {
    for (let k = 0; k < value; k++) {
      el.firstChild.remove();
    }
  }
}

function patchDoc(store, op) {
  const [kind, path, value] = op;
  if (kind === "r" && path.length === 0) {
    store.doc = value;
    return;
  }
  const node = nodeAt(store.doc, kind === "r" ? path.slice(0, -1) : path);
  if (kind === "r") {
    node[FIRST + path[path.length - 1]] = value;
  } else if (kind === "p") {
    for (const [key, attr] of Object.entries(value)) {
      if (attr === null) {
        delete node[1][key];
      } else {
        node[1][key] = attr;
      }
    }
  } else if (kind === "+") {
    node.push(...value);
  } else if (kind === "-") {
    node.length = FIRST + value;
  } else if (kind === "<") {
    node.splice(FIRST, value);
  }
}

function draw(view, store) {
  view.root = build(store.doc, store);
  view.el.replaceChildren(view.root);
}

function load(store, scene) {
  if (!scene || !scene.tree) {
    return;
  }
  learn(store, scene.sprites);
  store.rev = scene.rev;
  store.doc = scene.tree;
  store.views.forEach((view) => draw(view, store));
}

// raw DEFLATE (RFC 1951): stored, fixed and dynamic Huffman blocks. The bits are read a byte at
// a time into a bit buffer and each code is looked up in one table (indexed by the code's bits
// as they come), so a symbol costs a lookup, not a loop per bit: the first patch after the page
// opened is read at once even before the browser has compiled this code.
const LBASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83,
  99, 115, 131, 163, 195, 227, 258];
const LEXT = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5,
  0];
const DBASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
  1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DEXT = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11,
  12, 12, 13, 13];
const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

// the canonical Huffman code of these code lengths as a table: entry i, for the next `max` bits
// of the input read as the number i, is the symbol times 16 plus the length of its code
function huffman(lengths) {
  let max = 1;
  const counts = new Uint16Array(16);
  for (let i = 0; i < lengths.length; i++) {
    counts[lengths[i]]++;
    max = Math.max(max, lengths[i]);
  }
  counts[0] = 0;
  const next = new Uint16Array(16);
  for (let bits = 1, code = 0; bits <= max; bits++) {
    code = (code + counts[bits - 1]) << 1;
    next[bits] = code;
  }
  const size = 1 << max;
  const table = new Uint16Array(size);
  for (let symbol = 0; symbol < lengths.length; symbol++) {
    const length = lengths[symbol];
    if (!length) {
      continue;
    }
    const code = next[length]++;
    let reversed = 0;  // a code's first bit is the input's lowest
    for (let i = 0; i < length; i++) {
      reversed |= ((code >> i) & 1) << (length - 1 - i);
    }
    for (let i = reversed; i < size; i += 1 << length) {
      table[i] = (symbol << 4) | length;
    }
  }
  return { table, max };
}

const FIXED = [huffman(Array.from({ length: 288 }, (_, i) =>
  (i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8))), huffman(new Array(30).fill(5))];

function inflate(bytes) {
  let out = new Uint8Array(bytes.length * 4 + 64);
  let size = 0;
  let at = 0;
  let buffer = 0;  // bits read from the input and not used yet, the next one lowest
  let held = 0;  // how many
  const room = (n) => {
    if (size + n > out.length) {
      const bigger = new Uint8Array((size + n) * 2);
      bigger.set(out);
      out = bigger;
    }
  };
  const need = (n) => {
    while (held < n) {
      buffer |= (at < bytes.length ? bytes[at] : 0) << held;
      at++;
      held += 8;
    }
  };
  const bits = (n) => {
    need(n);
    const value = buffer & ((1 << n) - 1);
    buffer >>>= n;
    held -= n;
    return value;
  };
  const decode = (code) => {
    need(code.max);
    const entry = code.table[buffer & ((1 << code.max) - 1)];
    const length = entry & 15;
    if (!length) {
      throw new Error("not a DEFLATE code");
    }
    buffer >>>= length;
    held -= length;
    return entry >> 4;
  };
  const dynamic = () => {
    const lits = bits(5) + 257;
    const dists = bits(5) + 1;
    const codes = bits(4) + 4;
    const lengths = new Array(19).fill(0);
    for (let i = 0; i < codes; i++) {
      lengths[ORDER[i]] = bits(3);
    }
    const table = huffman(lengths);
    const all = [];
    while (all.length < lits + dists) {
      const symbol = decode(table);
      if (symbol < 16) {
        all.push(symbol);
      } else if (symbol === 16) {
        all.push(...new Array(3 + bits(2)).fill(all[all.length - 1]));
      } else {
        all.push(...new Array(symbol === 17 ? 3 + bits(3) : 11 + bits(7)).fill(0));
      }
    }
    return [huffman(all.slice(0, lits)), huffman(all.slice(lits))];
  };
  let last = 0;
  while (!last) {
    last = bits(1);
    const kind = bits(2);
    if (kind === 0) {
      bits(held & 7);  // to the byte's end
      const n = bits(16);
      bits(16);
      at -= held >> 3;  // the bytes read ahead are the block's
      buffer = 0;
      held = 0;
      room(n);
      out.set(bytes.subarray(at, at + n), size);
      size += n;
      at += n;
      continue;
    }
    const [lit, dist] = kind === 1 ? FIXED : dynamic();
    for (;;) {
      const symbol = decode(lit);
      if (symbol < 256) {
        room(1);
        out[size++] = symbol;
      } else if (symbol === 256) {
        break;
      } else {
        const i = symbol - 257;
        const n = LBASE[i] + bits(LEXT[i]);
        const d = decode(dist);
        const back = DBASE[d] + bits(DEXT[d]);
        room(n);
        for (let k = 0; k < n; k++, size++) {
          out[size] = out[size - back];
        }
      }
    }
  }
  return out.subarray(0, size);
}

function unpack(buffer) {
  const bytes = new Uint8Array(buffer.buffer || buffer, buffer.byteOffset || 0,
    buffer.byteLength);
  return JSON.parse(new TextDecoder().decode(inflate(bytes)));
}

function patch(store, model, message) {
  if (message.base !== store.rev) {
    model.send({ hello: store.rev });
    return;
  }
  learn(store, message.sprites);
  for (const op of message.ops) {
    store.views.forEach((view) => patchView(view, op, store));
    patchDoc(store, op);
  }
  store.rev = message.rev;
  store.views.forEach((view) => {
    view.el.querySelectorAll("select").forEach((select) => {
      if (select.kayaValue !== undefined && select.value !== select.kayaValue) {
        select.value = select.kayaValue;
      }
    });
  });
}

function render({ model, el }) {
  const view = { el, root: null };
  const store = { rev: -1, doc: null, parsed: {}, views: new Set([view]) };
  const loaded = () => {
    const scene = model.get("scene");
    if (scene && scene.packed) {
      load(store, unpack(scene.packed));
    }
  };
  const told = (message, buffers) => {
    if (!buffers || !buffers.length) {
      return;
    }
    const body = unpack(buffers[0]);
    if (message.snapshot !== undefined) {
      load(store, body);
    } else {
      patch(store, model, { ...message, ...body });
    }
  };
  loaded();
  model.on("change:scene", loaded);
  model.on("msg:custom", told);
  el.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-ctl]");
    if (button && el.contains(button) && !button.disabled) {
      model.send({ ctl: button.dataset.ctl, do: "click" });
    }
  });
  el.addEventListener("change", (event) => {
    const field = event.target;
    if (field.dataset && field.dataset.ctl) {
      const value = field.type === "checkbox" ? field.checked : field.value;
      model.send({ ctl: field.dataset.ctl, value });
    }
  });
  model.send({ hello: store.rev });
  return () => {
    model.off("change:scene", loaded);
    model.off("msg:custom", told);
  };
}

export { inflate };
export default { render };
