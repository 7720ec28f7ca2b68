// The lecture page: the video with captions in every language, chapters, the audio-description
// track, an interactive transcript, playback speed, keyboard control, the board as text in step with
// the video, search over the board, and, inside an LMS, SCORM 1.2 progress and resume. No network:
// everything comes from the JSON embedded in the page. Lecture text is only ever set as text; the
// formulas' MathML was kept to MathML's own elements when the page was written.
"use strict";

const data = JSON.parse(document.getElementById("lecture-data").textContent);
const video = document.getElementById("video");
const $ = (id) => document.getElementById(id);
// The page's own words, in the lecture's language where lecturekit has it (`words.py`).
const words = data.words;

function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
}

function element(tag, text, attributes = {}) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  return made;
}

function seek(time) {
  video.currentTime = Math.min(Math.max(time, 0), data.duration);
  update();
}

// Text tracks: built from the embedded cues (a <track> beside a page opened from file:// never loads).
const captionTracks = data.tracks.map((t) => {
  const track = video.addTextTrack("captions", t.label, t.code);
  for (const c of t.cues) track.addCue(new VTTCue(c.start, c.end, c.text));
  track.mode = "disabled";
  $("captions").append(element("option", t.label, { value: t.code, lang: t.code }));
  return track;
});
function showCaptions(code) {
  captionTracks.forEach((track) => { track.mode = track.language === code ? "showing" : "disabled"; });
  $("captions").value = code;
}
$("captions").addEventListener("change", () => showCaptions($("captions").value));
if (captionTracks.length) showCaptions(captionTracks[0].language);

let descriptionTrack = null;
if (data.descriptions.length) {
  descriptionTrack = video.addTextTrack("descriptions", words.describe, data.lang);
  for (const c of data.descriptions) descriptionTrack.addCue(new VTTCue(c.start, c.end, c.text));
  descriptionTrack.mode = "disabled";
  descriptionTrack.addEventListener("cuechange", () => {
    const cue = descriptionTrack.activeCues[0];
    if (cue) $("description").textContent = cue.text;
  });
} else {
  $("describe").closest("label").hidden = true;
}
function describe(on) {
  if (!descriptionTrack) return;
  $("describe").checked = on;
  descriptionTrack.mode = on ? "hidden" : "disabled";
  $("description").hidden = !on;
}
$("describe").addEventListener("change", () => describe($("describe").checked));

// Playback.
$("play").addEventListener("click", () => (video.paused ? video.play() : video.pause()));
$("back").addEventListener("click", () => seek(video.currentTime - 5));
$("forward").addEventListener("click", () => seek(video.currentTime + 5));
$("speed").addEventListener("change", () => { video.playbackRate = Number($("speed").value); });
const speeds = [...$("speed").options].map((o) => Number(o.value));
function faster(step) {
  const i = speeds.indexOf(video.playbackRate);
  const next = speeds[Math.min(Math.max((i < 0 ? speeds.indexOf(1) : i) + step, 0), speeds.length - 1)];
  video.playbackRate = next;
  $("speed").value = String(next);
}

// Chapters.
for (const chapter of data.chapters) {
  const button = element("button", `${clock(chapter.start)} ${chapter.title}`, { type: "button", dir: "auto" });
  button.addEventListener("click", () => seek(chapter.start));
  $("chapters").appendChild(element("li")).append(button);
}

// The transcript: the captions of the page's own language, a sentence a button, under its chapter.
const sentences = [];
{
  const own = data.tracks[0] ? data.tracks[0].cues : [];
  let chapter = -1, paragraph = null;
  for (const cue of own) {
    while (chapter + 1 < data.chapters.length && data.chapters[chapter + 1].start <= cue.start + 1e-6) {
      chapter += 1;
      $("transcript").append(element("h3", data.chapters[chapter].title));
      paragraph = null;
    }
    if (!paragraph) paragraph = $("transcript").appendChild(element("p"));
    const button = element("button", cue.text, { type: "button", class: "sentence" });
    button.addEventListener("click", () => seek(cue.start));
    paragraph.append(button, " ");
    sentences.push({ cue, button });
  }
}

// The board as text: the state standing at the playhead; objects that stay are kept, so a
// screen reader hears only what came or went.
let shownState = null;
function stateAt(time) {
  let lo = 0, hi = data.boards.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (data.boards[mid].time <= time + 1e-6) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return found;
}
function formula(item) {
  const span = element("span", undefined, { class: "formula" });
  if (item.mathml) {
    const holder = document.createElement("template");
    holder.innerHTML = item.mathml; // MathML elements only, cleaned when the page was written
    span.append(holder.content);
    // its linear reading beside it, for the browser's find (a screen reader reads the MathML); not
    // for a lone name or number in a sentence, which reads the same
    if (!/^[\p{L}\p{N}]+$/u.test(item.text)) {
      span.append(element("span", ` (${item.text})`, { class: "reading", "aria-hidden": "true" }));
    }
  } else {
    span.textContent = item.text;
  }
  return span;
}
function rendered(item) {
  let made;
  if (item.kind === "Title" || item.kind === "Heading") {
    made = element("h3", item.text);
  } else if (item.rows) {
    made = element("table");
    item.rows.forEach((row, i) => {
      const tr = made.appendChild(element("tr"));
      for (const cell of row) tr.append(element(i === 0 ? "th" : "td", cell, i === 0 ? { scope: "col" } : {}));
    });
  } else if (item.lines) {
    made = element("ol", undefined, { class: "derivation" });
    for (const line of item.lines) made.appendChild(element("li")).append(formula(line));
  } else if (item.kind === "Math") {
    made = element("p");
    made.append(formula(item));
  } else if (item.parts) {
    made = element("p");
    for (const part of item.parts) made.append(part.mathml === undefined ? part.text : formula(part));
  } else {
    made = element("p", item.text);
    // a visual is said in lecturekit's own sentences, which are English
    if (!["Text", "Block", "Panel"].includes(item.kind)) made.lang = "en";
  }
  made.dataset.object = item.object;
  made.dataset.key = JSON.stringify(item);
  return made;
}
function showBoard(index) {
  if (index === shownState) return;
  shownState = index;
  const board = $("board");
  const items = index < 0 ? [] : data.boards[index].items;
  const keys = items.map((item) => JSON.stringify(item));
  for (const old of [...board.children]) if (!keys.includes(old.dataset.key)) old.remove();
  items.forEach((item, i) => {
    const present = [...board.children].find((c) => c.dataset.key === keys[i]);
    const node = present || rendered(item);
    if (board.children[i] !== node) board.insertBefore(node, board.children[i] || null);
  });
  if (!items.length) board.replaceChildren(element("p", words.empty, { "data-object": "", lang: data.pageLang }));
  else [...board.children].filter((c) => c.dataset.object === "").forEach((c) => c.remove());
  $("board-time").textContent = index < 0 ? "" : words.since.replace("{t}", clock(data.boards[index].time));
}

// Search: every stretch of time a word or formula stands on the board.
const normal = (text) => text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
const compact = (text) => normal(text).replace(/ /g, "");
const indexed = data.boards.map((b) => b.items.map((i) => ({ key: `${b.scene}/${i.object}`, text: i.text,
                                                             normal: normal(i.text) })));
function search(query) {
  const q = normal(query), c = compact(query);
  const spans = [], open = new Map();
  if (!q) return spans;
  data.boards.forEach((board, i) => {
    const end = i + 1 < data.boards.length ? data.boards[i + 1].time : data.duration;
    for (const item of indexed[i]) {
      if (!item.normal.includes(q) && !item.normal.replace(/ /g, "").includes(c)) continue;
      const last = open.get(item.key);  // one object on the board, however it grows (a table's rows)
      if (last && last.index === i - 1) { Object.assign(last, { end, index: i, text: item.text }); continue; }
      const span = { start: board.time, end, text: item.text, index: i };
      open.set(item.key, span);
      spans.push(span);
    }
  });
  return spans;
}
$("search").addEventListener("submit", (event) => {
  event.preventDefault();
  const spans = search($("query").value);
  $("results").replaceChildren(...spans.map((span) => {
    const button = element("button", `${clock(span.start)}–${clock(span.end)}: ${span.text}`,
                           { type: "button", dir: "auto" });
    button.addEventListener("click", () => { seek(span.start); $("board-heading").focus(); });
    const li = element("li");
    li.append(button);
    return li;
  }));
  $("found").textContent = spans.length === 1 ? words.found_one : words.found_many.replace("{n}", spans.length);
});

// Keeping the page in step with the video.
let current = null;
function update() {
  const t = video.currentTime;
  showBoard(stateAt(t));
  $("clock").textContent = `${clock(t)} / ${clock(data.duration)}`;
  $("play").textContent = video.paused ? words.play : words.pause;
  const now = sentences.find((s) => s.cue.start <= t + 1e-6 && t < s.cue.end) || null;
  if (now !== current) {
    if (current) { current.button.classList.remove("current"); current.button.removeAttribute("aria-current"); }
    if (now) {
      now.button.classList.add("current");
      now.button.setAttribute("aria-current", "true");
      if ($("follow").checked && !video.paused) now.button.scrollIntoView({ block: "nearest" });
    }
    current = now;
  }
  progress.watch(t);
}
for (const event of ["timeupdate", "seeked", "play", "pause", "loadedmetadata", "ratechange"]) {
  video.addEventListener(event, update);
}

// The keyboard, wherever the focus is but in a field.
const frame = 1 / data.fps;
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.altKey || event.metaKey) return;
  const target = event.target;
  if (target.matches("input[type=search], input[type=text], select, textarea")) return;
  const actions = {
    k: () => $("play").click(), j: () => seek(video.currentTime - 5), l: () => seek(video.currentTime + 5),
    ",": () => { video.pause(); seek(video.currentTime - frame); }, ".": () => { video.pause(); seek(video.currentTime + frame); },
    "<": () => faster(-1), ">": () => faster(1),
    c: () => showCaptions($("captions").value ? "" : (captionTracks[0] ? captionTracks[0].language : "")),
    d: () => describe(!$("describe").checked),
    b: () => $("board-heading").focus(),
    "/": () => $("query").focus(),
    t: () => (current || sentences[0]) && (current || sentences[0]).button.focus(),
  };
  const action = actions[event.key];
  if (action) { event.preventDefault(); action(); }
});

// SCORM 1.2: inside an LMS that offers the API, report the share seen, complete at data.completeAt,
// and resume where the learner left off (cmi.core.lesson_location; the seconds seen in cmi.suspend_data).
const progress = (() => {
  function findApi(start) {
    for (let win = start, hops = 0; win && hops < 10; hops += 1) {
      try { if (win.API) return win.API; } catch (error) { return null; }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  const api = findApi(window) || (window.opener ? findApi(window.opener) : null);
  const seconds = Math.max(1, Math.ceil(data.duration));
  const seen = new Uint8Array(seconds);
  const started = Date.now();
  let last = null, reported = -1, status = "", finished = false;
  const state = { api: Boolean(api), seen: 0, location: null, status: "" };
  function share() { return seen.reduce((a, b) => a + b, 0) / seconds; }
  function ranges() {
    const found = [];
    for (let i = 0; i < seconds; i += 1) {
      if (!seen[i]) continue;
      const top = found[found.length - 1];
      if (top && top[1] === i - 1) top[1] = i; else found.push([i, i]);
    }
    return found.map(([a, b]) => `${a}-${b}`).join(",");
  }
  function set(name, value) { api.LMSSetValue(name, String(value)); }
  function report(force) {
    if (!api || finished) return;
    const percent = Math.floor(100 * share());
    state.seen = share();
    if (!force && percent === reported) return;
    reported = percent;
    state.location = video.currentTime.toFixed(1);
    set("cmi.core.lesson_location", state.location);
    set("cmi.core.score.min", 0);
    set("cmi.core.score.max", 100);
    set("cmi.core.score.raw", percent);
    set("cmi.suspend_data", ranges().slice(0, 4096));
    if (status !== "completed" && share() >= data.completeAt) {
      status = "completed";
      set("cmi.core.lesson_status", status);
    }
    state.status = status;
    api.LMSCommit("");
  }
  function sessionTime() {
    const s = (Date.now() - started) / 1000;
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return `${String(h).padStart(4, "0")}:${String(m).padStart(2, "0")}:${(s % 60).toFixed(2).padStart(5, "0")}`;
  }
  if (api) {
    api.LMSInitialize("");
    status = api.LMSGetValue("cmi.core.lesson_status");
    if (status === "not attempted" || status === "") { status = "incomplete"; set("cmi.core.lesson_status", status); }
    state.status = status;
    for (const range of (api.LMSGetValue("cmi.suspend_data") || "").split(",")) {
      const [a, b] = range.split("-").map(Number);
      if (Number.isInteger(a) && Number.isInteger(b)) for (let i = a; i <= Math.min(b, seconds - 1); i += 1) seen[i] = 1;
    }
    const location = parseFloat(api.LMSGetValue("cmi.core.lesson_location"));
    if (location > 0) {
      state.location = String(location);
      const resume = () => seek(location);
      if (video.readyState >= 1) queueMicrotask(resume); else video.addEventListener("loadedmetadata", resume, { once: true });
    }
    video.addEventListener("pause", () => report(true));
    video.addEventListener("ended", () => report(true));
    window.addEventListener("pagehide", () => {
      if (finished) return;
      report(true);
      set("cmi.core.session_time", sessionTime());
      set("cmi.core.exit", status === "completed" ? "" : "suspend");
      api.LMSCommit("");
      api.LMSFinish("");
      finished = true;
    });
  }
  return {
    state,
    // Seconds count as seen when played through, not when skipped over.
    watch(time) {
      if (video.paused || video.seeking) { last = null; return; }
      if (last !== null && time >= last && time - last < 1 + 2 * video.playbackRate) {
        for (let i = Math.floor(last); i <= Math.min(Math.floor(time), seconds - 1); i += 1) seen[i] = 1;
      }
      last = time;
      report(false);
    },
  };
})();
video.addEventListener("seeking", () => progress.watch(video.currentTime));

window.lecturePage = { data, search, stateAt, progress: progress.state, seek };
update();
