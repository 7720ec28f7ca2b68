// The presentation: one step a beat. A step plays its beat's animation on the scene's own video
// (with the narration it carries), then holds on exactly the frame the video has at the beat's end:
// the video is paused a frame or two early and sought to that frame's middle. Each scene's video is
// a layer of its own, sought to the frame a step starts from and shown only once it holds that
// frame, so no step shows a blank or another board. The same page opened with #presenter is the
// presenter view, a second window: the two talk through postMessage, which ties a presenter view to
// the window that opened it (a BroadcastChannel would reach every presentation open from file://).
// No network: everything comes from the JSON embedded in the page.
"use strict";

const data = JSON.parse(document.getElementById("data").textContent);
const steps = data.steps;
const fps = data.fps;
const $ = (id) => document.getElementById(id);
// the middle of a frame: a seek there shows that frame and no other
const frameTime = (frame) => (frame + 0.5) / fps;
// frames before a beat's last at which playing is paused, to seek to the last (no overshoot)
const LEAD = Math.max(1, Math.round(fps * 0.034));

function clock(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
}

// Resolves once the video has a frame to show (it has none while it seeks).
function loaded(video) {
  if (video.readyState >= 2) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { if (video.readyState >= 2) { ["loadeddata", "canplay", "seeked"].forEach((e) => video.removeEventListener(e, done)); resolve(); } };
    ["loadeddata", "canplay", "seeked"].forEach((e) => video.addEventListener(e, done));
  });
}

// The video holding `frame`, paused: resolves once the frame is there.
async function seekTo(video, frame) {
  if (video.readyState < 1) await new Promise((resolve) => video.addEventListener("loadedmetadata", resolve, { once: true }));
  const time = frameTime(frame);
  if (Math.abs(video.currentTime - time) < 1e-6 && !video.seeking && video.readyState >= 2) return;
  const sought = new Promise((resolve) => video.addEventListener("seeked", resolve, { once: true }));
  video.currentTime = time;
  await sought;
}

// The lecture's own time at the end of `step` (or at `frame` of its scene), from the first scene.
const sceneStarts = data.scenes.reduce((starts, s) => [...starts, starts.at(-1) + s.frames / fps], [0]);
const ownTime = (scene, frame) => sceneStarts[scene] + frame / fps;

function audience() {
  $("audience").hidden = false;
  const stage = $("stage");
  const videos = data.scenes.map((scene, i) => {
    const video = document.createElement("video");
    video.src = scene.video;
    video.preload = "auto";
    video.playsInline = true;
    video.dataset.scene = String(i);
    const track = video.addTextTrack("captions", "Narration", data.lang);
    for (const cue of scene.captions) track.addCue(new VTTCue(cue.start, cue.end, cue.text));
    track.mode = "hidden";
    stage.append(video);
    if (i === 0) {  // the stage as the video is (854x480 at -q l)
      video.addEventListener("loadedmetadata", () => {
        stage.style.aspectRatio = `${video.videoWidth} / ${video.videoHeight}`;
      }, { once: true });
    }
    return video;
  });
  const state = { at: -1, playing: null };
  const reached = [];  // (step, the video's time when its end was reached): for the tests and the clock
  // the step the presentation is heading for, and whether to play it or to hold its end (set at
  // once, so keys pressed faster than the video seeks each count)
  let aim = -1, aimPlays = false;
  let shown = 0, token = 0, auto = data.auto || new URLSearchParams(location.search).has("auto");
  let presenter = null;
  $("of").textContent = `of ${steps.length}`;
  if (data.handout) { $("handout").href = data.handout; $("handout").hidden = false; }

  function show(scene) {
    videos.forEach((video, i) => video.classList.toggle("shown", i === scene));
    shown = scene;
  }
  function announce() {
    const k = state.playing ?? state.at;
    const scene = data.scenes[k < 0 ? 0 : steps[k].scene];
    $("where").textContent = k < 0 ? `Ready: ${steps.length} beats. ${scene.title}`
      : `Beat ${k + 1} of ${steps.length}${state.playing === null ? "" : ", playing"}. ${scene.title}`;
    $("auto").setAttribute("aria-pressed", String(auto));
    tell();
  }
  function tell() {
    if (presenter && !presenter.closed) {
      const video = videos[shown];
      presenter.postMessage({ type: "state", at: state.at, playing: state.playing, scene: shown,
                              time: video.currentTime, auto }, "*");
    }
  }
  function stop() {
    token += 1;
    videos.forEach((video) => video.pause());
    return token;
  }
  // Hold the end of step `k` (-1: the first frame of the first scene), playing nothing.
  async function hold(k) {
    const mine = stop();
    aim = k;
    aimPlays = false;
    const scene = k < 0 ? 0 : steps[k].scene;
    await seekTo(videos[scene], k < 0 ? 0 : steps[k].last);
    if (mine !== token) return;
    show(scene);
    state.at = k;
    state.playing = null;
    announce();
  }
  const continues = (k) => auto && k + 1 < steps.length && steps[k + 1].scene === steps[k].scene;
  // Play step `k` from the frame it starts on to the end it holds; with auto, on through the beats
  // of its scene without a pause, then into the next scene.
  async function play(k) {
    const mine = stop();
    aim = k;
    aimPlays = true;
    const step = steps[k], video = videos[step.scene];
    await seekTo(video, step.first);
    if (mine !== token) return;
    show(step.scene);
    state.playing = k;
    announce();
    const last = step.last > step.first ? await run(video, k, mine) : k;
    if (last === null || mine !== token) return;
    await seekTo(video, steps[last].last);
    if (mine !== token) return;
    reached.push({ step: last, time: video.currentTime });
    aimPlays = false;
    state.at = last;
    state.playing = null;
    announce();
    if (auto && last + 1 < steps.length) play(last + 1);
  }
  function run(video, k, mine) {
    return new Promise((resolve) => {
      let target = k;
      const onFrame = (now, meta) => {
        if (mine !== token) { resolve(null); return; }
        const frame = Math.round(meta.mediaTime * fps);
        while (continues(target) && frame >= steps[target].last) {
          reached.push({ step: target, time: meta.mediaTime });
          state.at = target;
          target += 1;
          aim = target;
          state.playing = target;
          announce();
        }
        if (!continues(target) && frame >= steps[target].last - LEAD) {
          video.pause();
          resolve(target);
          return;
        }
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
      video.addEventListener("ended", () => resolve(mine === token ? target : null), { once: true });
      video.play().catch(() => {  // sound not allowed yet in this window: play muted rather than not at all
        video.muted = true;
        video.play();
      });
    });
  }
  const next = () => {
    if (aimPlays) hold(aim);  // the end of the beat playing, at once
    else if (aim + 1 < steps.length) play(aim + 1);
  };
  const back = () => hold(Math.max(-1, aim - 1));
  function jump(n) {
    if (n >= 1 && n <= steps.length) play(n - 1);
    else $("where").textContent = `No beat ${n}: the beats are 1 to ${steps.length}.`;
  }
  function toggleAuto() {
    auto = !auto;
    announce();
    if (auto && !aimPlays && aim + 1 < steps.length) play(aim + 1);
  }
  function toggleCaptions() {
    const on = $("captions").getAttribute("aria-pressed") !== "true";
    videos.forEach((video) => { video.textTracks[0].mode = on ? "showing" : "hidden"; });
    $("captions").setAttribute("aria-pressed", String(on));
  }
  function openPresenter() {
    presenter = window.open(`${location.href.split("#")[0]}#presenter`, "lecturekit-presenter",
                            "popup,width=1280,height=860");
  }
  window.addEventListener("message", (event) => {
    if (!presenter || event.source !== presenter) return;
    const message = event.data || {};
    if (message.type === "hello") tell();
    else if (message.type === "command") command(message.name, message.n);
  });
  function command(name, n) {
    ({ next, back, jump: () => jump(n), auto: toggleAuto, home: () => hold(-1),
       end: () => hold(steps.length - 1) })[name]?.();
  }

  let typed = "";
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target instanceof HTMLInputElement) return;  // the beat's number: its form jumps
    if ((target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement || target instanceof HTMLElement
         && target.tagName === "SUMMARY") && (event.key === "Enter" || event.key === " ")) return;
    const key = event.key;
    if (/^[0-9]$/.test(key)) { typed += key; $("beat").value = typed; }
    else if (key === "Enter" && typed) { jump(Number(typed)); typed = ""; }
    else if (key === "Backspace" && typed) { typed = typed.slice(0, -1); $("beat").value = typed; }
    else if (key === "Escape") { typed = ""; $("beat").value = ""; }
    else if (["ArrowRight", " ", "PageDown"].includes(key)) next();
    else if (["ArrowLeft", "PageUp"].includes(key)) back();
    else if (key === "Home") hold(-1);
    else if (key === "End") hold(steps.length - 1);
    else if (key === "a") toggleAuto();
    else if (key === "p") openPresenter();
    else if (key === "c") toggleCaptions();
    else if (key === "f") fullScreen();
    else return;
    event.preventDefault();
  });
  function fullScreen() {
    if (document.fullscreenElement) document.exitFullscreen();
    else stage.requestFullscreen().catch(() => {});
  }
  $("next").addEventListener("click", next);
  $("back").addEventListener("click", back);
  $("auto").addEventListener("click", toggleAuto);
  $("captions").addEventListener("click", toggleCaptions);
  $("open-presenter").addEventListener("click", openPresenter);
  $("full").addEventListener("click", fullScreen);
  $("jump").addEventListener("submit", (event) => {
    event.preventDefault();
    jump(Number($("beat").value));
    $("beat").value = "";
    typed = "";
  });
  hold(-1);
  window.presentation = { videos, state, reached, next, back, jump, hold, play,
                          get shown() { return shown; }, get auto() { return auto; },
                          get presenter() { return presenter; } };
  if (auto) loaded(videos[0]).then(() => { if (aim < 0) play(0); });
}

function presenterView() {
  $("presenter").hidden = false;
  document.title = `Presenter view: ${document.title}`;
  const now = $("now"), coming = $("coming");
  const opener = window.opener;
  let last = { at: -1, playing: null, scene: 0, time: 0, auto: false };
  let started = null, comingStep = null;
  const send = (name, n) => opener?.postMessage({ type: "command", name, n }, "*");
  const source = (video, scene) => {
    if (video.dataset.scene !== String(scene)) { video.src = data.scenes[scene].video; video.dataset.scene = String(scene); }
  };
  const say = (k) => (k >= 0 && k < steps.length ? steps[k].say : "");

  function update(message) {
    last = message;
    if (message.playing !== null && started === null) started = performance.now();
    const current = message.playing ?? message.at;
    $("now-beat").textContent = current < 0 ? "(the start)" : `beat ${current + 1} of ${steps.length}`;
    $("now-say").textContent = say(current);
    const following = current + 1;
    $("next-beat").textContent = following < steps.length ? `beat ${following + 1}` : "(the end)";
    $("next-say").textContent = say(following);
    // the current board, as the audience sees it
    source(now, message.scene);
    if (message.playing !== null) {
      loaded(now).then(() => {
        if (Math.abs(now.currentTime - message.time) > 0.25) now.currentTime = message.time;
        now.play();
      });
    } else {
      now.pause();
      seekTo(now, message.at < 0 ? 0 : steps[message.at].last);
    }
    // the next board, its beat playing over and over
    if (following !== comingStep) {
      comingStep = following;
      coming.hidden = following >= steps.length;
      if (following < steps.length) {
        source(coming, steps[following].scene);
        seekTo(coming, steps[following].first).then(() => coming.play());
      }
    }
  }
  coming.requestVideoFrameCallback(function loop(t, meta) {
    const step = steps[comingStep];
    if (step && Math.round(meta.mediaTime * fps) >= step.last) coming.currentTime = frameTime(step.first);
    coming.requestVideoFrameCallback(loop);
  });
  coming.addEventListener("ended", () => { if (steps[comingStep]) { coming.currentTime = frameTime(steps[comingStep].first); coming.play(); } });

  function tick() {
    $("wall").textContent = new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    const elapsed = started === null ? 0 : (performance.now() - started) / 1000;
    const k = last.playing ?? last.at;
    const own = last.playing !== null ? ownTime(last.scene, now.currentTime * fps)
      : k < 0 ? 0 : ownTime(steps[k].scene, steps[k].last + 1);
    $("elapsed").textContent = clock(elapsed);
    $("own").textContent = clock(own);
    const difference = elapsed - own;
    $("against").textContent = Math.abs(difference) < 1 ? "on time"
      : `${clock(Math.abs(difference))} ${difference > 0 ? "behind" : "ahead"}`;
  }
  setInterval(tick, 500);
  tick();
  window.addEventListener("message", (event) => {
    if (event.source === opener && event.data?.type === "state") update(event.data);
  });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLButtonElement && (event.key === "Enter" || event.key === " ")) return;
    const key = event.key;
    if (["ArrowRight", " ", "PageDown"].includes(key)) send("next");
    else if (["ArrowLeft", "PageUp"].includes(key)) send("back");
    else if (key === "a") send("auto");
    else if (key === "Home") send("home");
    else if (key === "End") send("end");
    else return;
    event.preventDefault();
  });
  $("p-next").addEventListener("click", () => send("next"));
  $("p-back").addEventListener("click", () => send("back"));
  $("restart").addEventListener("click", () => { started = performance.now(); tick(); });
  window.presenterView = { now, coming, get last() { return last; } };
  opener?.postMessage({ type: "hello" }, "*");
}

if (location.hash === "#presenter") presenterView();
else audience();
