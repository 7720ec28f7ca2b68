// lecturekit studio: the review page. Every lecture text goes into the page as text
// (textContent, title attributes), never as markup.
"use strict";

const token = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);
const video = $("video");

const state = {
  data: null,        // /api/lecture
  scene: null,       // the scene shown: 1-based, or 0 for the whole lecture
  frame: 0,          // the playhead, in frames of the video
  selected: null,    // the cue clicked
  progress: {},      // scene -> fraction rendered
  videos: {},        // scene -> {path, version}
  failed: {},        // scene -> lines
  storyboards: {},   // scene -> {path, version}
  stillFrame: null,  // the frame the still shown was drawn at
};

function withToken(url) {
  return url + (url.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token);
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: {"Content-Type": "application/json", "X-Studio-Token": token},
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(await response.text());
  return response;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function clock(seconds) {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(2).padStart(5, "0")}`;
}

// ------------------------------------------------------------------ the lecture's data

function fps() { return state.data ? state.data.fps : 15; }

/** The shown scene's timeline; the whole lecture is its scenes one after another. */
function current() {
  const data = state.data;
  if (!data || state.scene === null) return null;
  if (state.scene > 0) return data.scenes[state.scene - 1];
  let offset = 0;
  const whole = {index: 0, title: data.title, start: 0, beats: [], cues: [], captions: [], warnings: [], boards: [],
                 objects: {}, parts: []};
  for (const scene of data.scenes) {
    const seconds = offset / fps();
    whole.beats.push({start: seconds, end: seconds + scene.duration, say: `${scene.index}. ${scene.title}`});
    for (const w of scene.warnings) whole.warnings.push({...w, time: w.time + seconds});
    for (const c of scene.captions) whole.captions.push({...c, start: c.start + seconds, end: c.end + seconds});
    whole.parts.push({scene: scene.index, first: offset, frames: scene.frames});
    offset += scene.frames;
  }
  whole.frames = offset;
  whole.duration = offset / fps();
  return whole;
}

async function loadLecture() {
  const response = await fetch(withToken("/api/lecture"));
  const data = await response.json();
  showProblems(data.problems);
  if (!data.scenes) return;
  state.data = data;
  $("title").textContent = data.title;
  document.title = `${data.title} · lecturekit studio`;
  if (state.selected) {
    const scene = current();
    state.selected = scene ? scene.cues.find((c) => c.action === state.selected.action) || null : null;
  }
  drawScenes();
  drawTimeline();
  drawInspector();
  update();
}

function showProblems(lines) {
  const box = $("problems");
  box.replaceChildren(...(lines || []).map((line) => el("div", "", line)));
  box.hidden = !(lines && lines.length);
}

// ------------------------------------------------------------------ scene list

function badge(index) {
  if (state.failed[index]) return ["failed", "failed"];
  if (state.videos[index]) return ["ready", "ready"];
  if (state.progress[index] !== undefined) return ["rendering", `${Math.round(state.progress[index] * 100)}%`];
  return ["idle", ""];
}

function drawScenes() {
  const list = $("scenes");
  const items = state.data.scenes.map((scene) => sceneButton(scene.index, `${scene.index}. ${scene.title}`,
    `${clock(scene.duration)} · ${scene.cues.length} cues · ${scene.warnings.length} warnings`));
  items.push(sceneButton(0, "The whole lecture", "the scenes joined, one chapter each"));
  list.replaceChildren(el("h2", "", "Scenes"), ...items);
}

function sceneButton(index, title, detail) {
  const button = el("button", "scene");
  const [name, text] = badge(index);
  button.type = "button";
  button.dataset.scene = index;
  button.dataset.state = name;
  if (index === state.scene) button.classList.add("open");
  button.append(el("span", "scene-title", title), el("span", "scene-detail", detail), el("span", "badge", text));
  button.addEventListener("click", () => openScene(index));
  return button;
}

async function openScene(index) {
  if (index !== state.scene) {
    state.scene = index;
    state.frame = 0;
    state.selected = null;
    state.stillFrame = null;
    video.removeAttribute("src");
    video.load();
    $("storyboard").hidden = true;
  }
  delete state.failed[index];
  drawScenes();
  drawTimeline();
  drawInspector();
  showVideo();
  await post("/api/open", {scene: index});
}

// ------------------------------------------------------------------ the player

function showVideo() {
  const found = state.videos[state.scene];
  const waiting = $("waiting");
  if (!found) {
    const done = state.progress[state.scene];
    waiting.textContent = state.failed[state.scene] ? "The render failed (see above)."
      : done === undefined ? "Rendering…" : `Rendering… ${Math.round(done * 100)}%`;
    waiting.hidden = false;
    return;
  }
  const url = withToken(`/media/${encodeURIComponent(found.path)}?v=${found.version}`);
  if (video.dataset.url === url) return;
  const keep = state.frame;
  video.dataset.url = url;
  video.src = url;
  video.addEventListener("loadeddata", () => { waiting.hidden = true; seek(keep); }, {once: true});
}

function seek(frame) {
  const scene = current();
  if (!scene) return;
  state.frame = Math.max(0, Math.min(scene.frames - 1, Math.round(frame)));
  if (video.readyState > 0) video.currentTime = (state.frame + 0.5) / fps();
  hideStill();
  update();
}

function hideStill() {
  state.stillFrame = null;
  $("still").hidden = true;
}

function update() {
  const scene = current();
  if (!scene) return;
  if (!video.paused) state.frame = Math.min(scene.frames - 1, Math.floor(video.currentTime * fps()));
  const fraction = scene.frames ? state.frame / scene.frames : 0;
  $("playhead").style.left = `calc(var(--names) + (100% - var(--names)) * ${fraction})`;
  const seconds = state.frame / fps();
  $("clock").textContent = `frame ${state.frame} / ${scene.frames} · ${seconds.toFixed(3)} s`
    + (state.scene > 0 ? ` · lecture ${clock(scene.start + seconds)}` : "");
  const caption = scene.captions.find((c) => c.start <= seconds && seconds < c.end);
  $("caption").textContent = caption ? caption.text : "";
  $("play").textContent = video.paused ? "Play" : "Pause";
  drawBoxes();
  showAudit();
}

/** The audit (`lecturekit audit`) of the board at the playhead. */
function showAudit() {
  const scene = current();
  const box = $("board-audit");
  let found = null;
  for (const board of (scene && scene.audit) || []) if (Math.round(board.time * fps()) <= state.frame) found = board;
  if (!found) {
    box.replaceChildren(el("p", "hint", "No board at this frame."));
    return;
  }
  const small = found.smallest;
  const rows = [
    ["smallest text", small ? `${small.name}: ${small.font} (${small.pixels} px)` : "none"],
    ["sizes", Object.entries(found.sizes).map(([role, sizes]) => `${role} ${sizes.join(" / ")}`).join("\n") || "none"],
    ["fill", `${Math.round(100 * found.fill)}%`],
    ["empty band", `${Math.round(100 * found.empty_band.across)}% across, ${Math.round(100 * found.empty_band.down)}% down`],
    ["clearance", found.clearance ? `${found.clearance.of}: ${found.clearance.measured} (stated ${found.clearance.stated})` : "no box drawn around anything"],
    ["contrast", found.contrast ? `${found.contrast.of}: ${found.contrast.ratio}:1 (needs ${found.contrast.needed}:1)` : "none"],
    ["fails", found.failures.join("\n") || "no rule"],
  ];
  const list = el("dl");
  for (const [name, value] of rows) list.append(el("dt", "", name), el("dd", "", value));
  box.replaceChildren(list);
}

function animate() {
  if (!video.paused) update();
  requestAnimationFrame(animate);
}

async function still() {
  const scene = current();
  if (!scene || !state.data) return;
  let index = state.scene, frame = state.frame;
  if (index === 0) {
    const part = scene.parts.find((p) => p.first <= frame && frame < p.first + p.frames);
    index = part.scene;
    frame -= part.first;
  }
  video.pause();
  $("status").textContent = "drawing the still…";
  const response = await post("/api/still", {scene: index, seconds: frame / fps()});
  const image = $("still");
  if (image.src) URL.revokeObjectURL(image.src);
  image.src = URL.createObjectURL(await response.blob());
  await image.decode();
  image.hidden = false;
  state.stillFrame = state.frame;
  image.dataset.frame = state.frame;
  $("status").textContent = `still at frame ${state.frame}, full quality`;
}

// ------------------------------------------------------------------ timeline

function span(row, cls, start, end, total, text, detail) {
  const node = el("div", cls, text);
  node.style.left = `${(100 * start) / total}%`;
  node.style.width = `${Math.max(0.15, (100 * (end - start)) / total)}%`;
  node.title = detail || text;
  $(row).append(node);
  return node;
}

function drawTimeline() {
  for (const row of ["row-beats", "row-cues", "row-captions", "row-warnings"]) {
    const name = $(row).querySelector(".row-name");
    const track = el("div", "track");
    $(row).replaceChildren(name, track);
    track.id = row + "-track";
  }
  const scene = current();
  if (!scene) return;
  const total = scene.duration || 1;
  scene.beats.forEach((b) => span("row-beats-track", "beat", b.start, b.end, total, b.say));
  scene.captions.forEach((c) => span("row-captions-track", "caption", c.start, c.end, total, c.text));
  const atFrame = {};
  for (const cue of scene.cues) atFrame[cue.frame] = (atFrame[cue.frame] || 0) + 1;
  const stacked = {};
  scene.cues.forEach((cue, k) => {
    const marker = el("button", `cue form-${cue.form}`);
    const row = stacked[cue.frame] = (stacked[cue.frame] || 0) + 1;
    marker.type = "button";
    marker.style.left = `${(100 * cue.frame) / scene.frames}%`;
    marker.style.height = `${22 / atFrame[cue.frame] - 1}px`;  // cues on one frame, stacked
    marker.style.top = `${4 + ((row - 1) * 22) / atFrame[cue.frame]}px`;
    marker.dataset.frame = cue.frame;
    marker.dataset.index = k;
    marker.title = `frame ${cue.frame}: ${cue.action}`;
    if (state.selected === cue) marker.classList.add("selected");
    marker.addEventListener("click", (event) => { event.stopPropagation(); selectCue(cue); });
    $("row-cues-track").append(marker);
  });
  scene.warnings.forEach((w) => {
    const pin = el("button", `pin ${w.severity}`, "!");
    pin.type = "button";
    pin.style.left = `${(100 * w.time) / total}%`;
    pin.title = w.line;
    pin.addEventListener("click", (event) => { event.stopPropagation(); seek(w.time * fps()); });
    $("row-warnings-track").append(pin);
  });
  const list = $("warnings");
  list.replaceChildren(...scene.warnings.map((w) => {
    const item = el("li", w.severity);
    item.append(el("span", "at", clock(w.time)), el("span", "", w.line));
    item.addEventListener("click", () => seek(w.time * fps()));
    return item;
  }));
  if (state.scene !== null && !scene.warnings.length) list.append(el("li", "none", "None in this scene."));
  if (state.scene === 0 && state.data.warnings.length) {
    list.append(...state.data.warnings.map((w) => el("li", w.severity, w.line)));
  }
}

function selectCue(cue) {
  state.selected = cue;
  document.querySelectorAll(".cue.selected").forEach((n) => n.classList.remove("selected"));
  const marker = document.querySelector(`.cue[data-index="${current().cues.indexOf(cue)}"]`);
  if (marker) marker.classList.add("selected");
  drawInspector();
  seek(cue.frame);
}

function drawInspector() {
  const box = $("cue-details");
  const cue = state.selected;
  const scene = current();
  if (!cue || !scene) {
    box.replaceChildren(el("p", "hint", "Click a marker on the timeline."));
    return;
  }
  const object = scene.objects[cue.object] || {};
  const rows = [
    ["action", cue.action],
    ["at", `frame ${cue.frame} (${cue.time.toFixed(3)} s), form ${cue.form}`],
    ["object", `${cue.object} (${object.kind || "?"})${object.parent ? ` in ${object.parent}` : ""}`],
    ["description", object.description || "(none)"],
  ];
  if (object.override) {
    rows.push(["override", Object.entries(object.override).map(([k, v]) => `${k} = ${v}`).join("\n")]);
  }
  if (object.left_out) rows.push(["left out", "this object is not drawn (see the warnings)"]);
  rows.push(["planned", `${cue.duration.toFixed(2)} s (${cue.frames} frames); it would take ${cue.natural.toFixed(2)} s`]);
  rows.push(["clipped", cue.clipped_by || "no: it runs its natural length"]);
  const found = boxOf(cue.object, cue.frame);
  rows.push(["box", found ? (found.own ? `[${found.item.bbox.join(", ")}] of the frame`
    : `the plan lists no box of its own; drawn inside ${found.item.name}, whose box is shown`)
    : "not on the board at this frame"]);
  const list = el("dl");
  for (const [name, value] of rows) list.append(el("dt", "", name), el("dd", "", value));
  box.replaceChildren(list);
}

// ------------------------------------------------------------------ boxes over the frame

function boardAt(frame) {
  const scene = current();
  if (!scene || !scene.boards) return null;
  let found = null;
  for (const board of scene.boards) if (Math.round(board.time * fps()) <= frame) found = board;
  return found;
}

/** The plan's box of `name` on the board at `frame`, or its parent's when it has none. */
function boxOf(name, frame) {
  const board = boardAt(frame);
  if (!board) return null;
  const own = board.items.find((i) => i.name === name);
  if (own) return {item: own, own: true};
  const parent = (current().objects[name] || {}).parent;
  const outer = parent && board.items.find((i) => i.name === parent);
  return outer ? {item: outer, own: false} : null;
}

function rect(item, cls) {
  const [x0, y0, x1, y1] = item.bbox;
  const node = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  node.setAttribute("x", x0);
  node.setAttribute("y", y0);
  node.setAttribute("width", Math.max(0, x1 - x0));
  node.setAttribute("height", Math.max(0, y1 - y0));
  node.setAttribute("class", cls);
  node.setAttribute("vector-effect", "non-scaling-stroke");
  const name = document.createElementNS("http://www.w3.org/2000/svg", "title");
  name.textContent = `${item.name} (${item.kind})`;
  node.append(name);
  return node;
}

function drawBoxes() {
  const svg = $("boxes");
  const shapes = [];
  const board = boardAt(state.frame);
  if (board && $("show-boxes").checked) shapes.push(...board.items.map((i) => rect(i, "item")));
  if (state.selected) {
    const found = boxOf(state.selected.object, state.frame);
    if (found) shapes.push(rect(found.item, found.own ? "chosen" : "chosen outer"));
  }
  svg.replaceChildren(...shapes);
}

// ------------------------------------------------------------------ scrubbing and keys

function frameAt(event) {
  const track = $("row-cues-track").getBoundingClientRect();
  const scene = current();
  return ((event.clientX - track.left) / track.width) * scene.frames;
}

function scrub(event) {
  if (!current()) return;
  video.pause();
  seek(Math.floor(frameAt(event)));
}

$("timeline").addEventListener("pointerdown", (event) => {
  if (event.target.closest(".cue, .pin")) return;
  scrub(event);
  const move = (e) => scrub(e);
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", () => window.removeEventListener("pointermove", move), {once: true});
});

document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, textarea")) return;
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    event.preventDefault();
    video.pause();
    seek(state.frame + (event.key === "ArrowLeft" ? -1 : 1));
  } else if (event.key === " ") {
    event.preventDefault();
    togglePlay();
  }
});

function togglePlay() {
  if (!video.src) return;
  hideStill();
  if (video.paused) video.play(); else video.pause();
  update();
}

$("play").addEventListener("click", togglePlay);
$("back").addEventListener("click", () => { video.pause(); seek(state.frame - 1); });
$("forward").addEventListener("click", () => { video.pause(); seek(state.frame + 1); });
$("still-button").addEventListener("click", () => still().catch((e) => showProblems([e.message])));
$("show-boxes").addEventListener("change", drawBoxes);
$("storyboard-button").addEventListener("click", async () => {
  const index = state.scene > 0 ? state.scene : null;
  if (index === null) return;
  $("status").textContent = "drawing the storyboard…";
  await post("/api/storyboard", {scene: index});
});
video.addEventListener("pause", update);
video.addEventListener("seeked", () => { if (video.paused) update(); });

// ------------------------------------------------------------------ events from the server

function handle(event) {
  switch (event.type) {
    case "progress":
      state.progress[event.scene] = event.total ? event.done / event.total : 0;
      break;
    case "ready":
      state.videos[event.scene] = {path: event.path, version: event.version};
      delete state.progress[event.scene];
      if (event.scene === state.scene) showVideo();
      break;
    case "failed":
      state.failed[event.scene] = event.lines;
      showProblems(event.lines);
      break;
    case "storyboard":
      state.storyboards[event.scene] = {path: event.path, version: event.version};
      if (event.scene === state.scene) showStoryboard();
      break;
    case "lecture":
      $("status").textContent = "the lecture changed: checked again, re-rendering what changed";
      loadLecture();
      return;
    case "invalid":
      showProblems(event.lines);
      return;
    default:
      return;
  }
  if (event.scene === state.scene && event.type !== "storyboard") showVideo();
  drawScenes();
}

function showStoryboard() {
  const found = state.storyboards[state.scene];
  $("storyboard-image").src = withToken(`/media/${encodeURIComponent(found.path)}?v=${found.version}`);
  $("storyboard").hidden = false;
  $("status").textContent = "";
}

/** For tests and for looking: the video's current picture as a PNG data URL. */
function grabFrame() {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext("2d").drawImage(video, 0, 0);
  return canvas.toDataURL("image/png");
}

window.studio = {state, seek, grabFrame, openScene, sheet: $("storyboard-image")};

const events = new EventSource(withToken("/api/events"));
events.onmessage = (message) => handle(JSON.parse(message.data));
loadLecture().then(() => requestAnimationFrame(animate));
