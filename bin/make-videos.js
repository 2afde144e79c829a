#!/usr/bin/env node
// npm run videos: renders the product clips the specs name (a feature's `video:` key) into
// templates/videos/<key>.webm. No footage exists, so each clip is drawn: the robot's parts as flat
// shapes in its own colours, moving between two poses (Grimlock from robot to T. rex and back,
// Buzz Lightyear opening his wings), recorded from a canvas by Chromium's MediaRecorder (VP9 WebM).
//
// The clips are committed, not made by `site build`: recording runs in real time in a browser,
// and its bytes differ on every run, so a build would need Chromium and would never be
// reproducible (nor would the content hash a cache keys on). Run this again after changing a clip
// here; each is about 6 seconds and under 300 KB.
//
//   npm run videos                       every clip below
//   npm run videos -- grimlock-transform one clip
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { root } from "../compiler/run-ts.js";

const WIDTH = 854;
const HEIGHT = 480;
const SECONDS = 6;
const BITS_PER_SECOND = 300_000;

// A part: [name, colour key, robot pose, other pose]; a pose is [x, y, width, height, degrees]
// in a 640 x 360 frame. Parts are drawn in the order listed (the first is furthest back).
const clips = {
  "grimlock-transform": {
    background: ["#1a1208", "#0a0c10"],
    colours: { gold: "#d9a521", steel: "#9aa3ad", dark: "#3a3f48", red: "#e0243c" },
    parts: [
      ["tail3", "dark", [320, 170, 16, 14, 0], [132, 226, 46, 14, 20]],
      ["tail2", "steel", [320, 170, 22, 18, 0], [176, 210, 54, 22, 14]],
      ["tail1", "gold", [320, 170, 28, 22, 0], [226, 196, 62, 30, 8]],
      ["thighL", "steel", [300, 238, 22, 50, 0], [286, 236, 30, 52, -15]],
      ["shinL", "dark", [298, 282, 24, 40, 0], [292, 281, 22, 44, 10]],
      ["pelvis", "dark", [320, 208, 64, 22, 0], [268, 206, 52, 30, -10]],
      ["torso", "gold", [320, 163, 82, 70, 0], [314, 188, 124, 56, -12]],
      ["robotHead", "steel", [320, 112, 34, 32, 0], [282, 172, 26, 24, 0]],
      ["visor", "red", [320, 112, 24, 6, 0], [282, 172, 10, 4, 0]],
      ["jaw", "dark", [320, 184, 44, 14, 0], [416, 176, 70, 14, 14]],
      ["dinoHead", "gold", [320, 150, 52, 26, 0], [410, 152, 84, 44, -8]],
      ["eye", "red", [320, 146, 8, 6, 0], [428, 142, 10, 6, 0]],
      ["armL", "steel", [268, 160, 18, 46, 10], [362, 206, 12, 26, 30]],
      ["handL", "dark", [262, 202, 20, 40, 5], [370, 222, 10, 18, 60]],
      ["armR", "steel", [372, 160, 18, 46, -10], [352, 210, 12, 26, 40]],
      ["handR", "dark", [378, 202, 20, 40, -5], [360, 226, 10, 18, 70]],
      ["thighR", "steel", [340, 238, 22, 50, 0], [318, 238, 30, 52, -12]],
      ["shinR", "dark", [342, 282, 24, 40, 0], [326, 282, 22, 44, 12]],
    ],
  },
  "buzz-wings": {
    background: ["#14102a", "#0a0c10"],
    colours: {
      white: "#f1f3f6",
      green: "#58b947",
      purple: "#7a46b8",
      skin: "#f2c9a0",
      glass: "rgba(190,225,255,0.3)",
      red: "#e0243c",
    },
    parts: [
      ["wingL", "white", [306, 160, 14, 70, 0], [222, 150, 150, 18, -8]],
      ["wingR", "white", [334, 160, 14, 70, 0], [418, 150, 150, 18, 8]],
      ["wingTipL", "red", [306, 124, 12, 10, 0], [150, 140, 14, 18, -8]],
      ["wingTipR", "red", [334, 124, 12, 10, 0], [490, 162, 14, 18, 8]],
      ["jetpack", "purple", [320, 168, 50, 40, 0], [320, 164, 56, 42, 0]],
      ["legL", "white", [304, 250, 24, 64, 0], [300, 250, 24, 64, 4]],
      ["bootL", "purple", [302, 292, 30, 16, 0], [296, 292, 30, 16, 4]],
      ["legR", "white", [336, 250, 24, 64, 0], [340, 250, 24, 64, -4]],
      ["bootR", "purple", [338, 292, 30, 16, 0], [344, 292, 30, 16, -4]],
      ["torso", "white", [320, 178, 74, 72, 0], [320, 178, 74, 72, 0]],
      ["chest", "green", [320, 170, 46, 30, 0], [320, 170, 46, 30, 0]],
      ["belt", "purple", [320, 212, 70, 12, 0], [320, 212, 70, 12, 0]],
      ["armL", "white", [274, 186, 18, 60, 8], [262, 150, 18, 60, 50]],
      ["armR", "white", [366, 186, 18, 60, -8], [386, 132, 18, 60, -150]],
      ["head", "purple", [320, 118, 34, 38, 0], [320, 118, 34, 38, 0]],
      ["face", "skin", [320, 122, 22, 22, 0], [320, 122, 22, 22, 0]],
      ["helmet", "glass", [320, 116, 48, 50, 0], [320, 116, 48, 50, 0]],
    ],
  },
};

/** Runs in the page: draws the clip on a canvas for SECONDS and records it; resolves with the WebM's bytes. */
async function record({ clip, width, height, seconds, bitsPerSecond }) {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  document.body.append(canvas);
  const g = canvas.getContext("2d");
  const ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);
  const clamp = (t) => Math.min(1, Math.max(0, t));
  // How far into the other pose at time t: hold, change, hold, change back.
  const morph = (t, delay) => clamp((t - 1.2 - delay) / 1.2) - clamp((t - 4.2 - delay) / 1.2);

  const draw = (t) => {
    g.setTransform(width / 640, 0, 0, height / 360, 0, 0);
    const sky = g.createRadialGradient(320, 160, 20, 320, 180, 420);
    sky.addColorStop(0, clip.background[0]);
    sky.addColorStop(1, clip.background[1]);
    g.fillStyle = sky;
    g.fillRect(0, 0, 640, 360);
    // A floor grid in perspective, and a light sweeping across.
    g.strokeStyle = "rgba(255,255,255,0.08)";
    g.lineWidth = 1;
    for (let i = -8; i <= 8; i++) {
      g.beginPath();
      g.moveTo(320 + i * 20, 302);
      g.lineTo(320 + i * 90, 360);
      g.stroke();
    }
    for (let y = 302; y < 360; y += 12 + (y - 302) / 3) {
      g.beginPath();
      g.moveTo(0, y);
      g.lineTo(640, y);
      g.stroke();
    }
    const sweep = ((t / seconds) * 1.6 - 0.3) * 640;
    const light = g.createLinearGradient(sweep - 120, 0, sweep + 120, 0);
    light.addColorStop(0, "rgba(255,255,255,0)");
    light.addColorStop(0.5, "rgba(255,255,255,0.07)");
    light.addColorStop(1, "rgba(255,255,255,0)");
    g.fillStyle = light;
    g.fillRect(0, 0, 640, 360);

    const zoom = 1 + 0.05 * Math.sin((t / seconds) * Math.PI);
    g.translate(320, 200);
    g.scale(zoom, zoom);
    g.translate(-320, -200);
    const bob = Math.sin(t * 3) * 1.5;
    clip.parts.forEach(([, colour, a, b], i) => {
      const k = ease(morph(t, i * 0.025));
      const [x, y, w, h, deg] = a.map((v, j) => v + (b[j] - v) * k);
      g.save();
      g.translate(x, y + bob * (1 - k));
      g.rotate((deg * Math.PI) / 180);
      g.fillStyle = clip.colours[colour];
      g.shadowColor = "rgba(0,0,0,0.45)";
      g.shadowBlur = 6;
      g.beginPath();
      g.roundRect(-w / 2, -h / 2, w, h, Math.min(w, h) / 4);
      g.fill();
      g.restore();
    });
    // A pulse at each change of pose.
    for (const at of [1.8, 4.8]) {
      const r = (t - at) * 260;
      if (r <= 0 || r > 300) continue;
      g.strokeStyle = `rgba(255,255,255,${0.35 * (1 - r / 300)})`;
      g.lineWidth = 3;
      g.beginPath();
      g.arc(320, 190, r, 0, Math.PI * 2);
      g.stroke();
    }
  };

  const recorder = new MediaRecorder(canvas.captureStream(30), {
    mimeType: "video/webm;codecs=vp9",
    videoBitsPerSecond: bitsPerSecond,
  });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  draw(0);
  recorder.start();
  const start = performance.now();
  await new Promise((resolve) => {
    const frame = () => {
      const t = (performance.now() - start) / 1000;
      draw(Math.min(t, seconds));
      if (t < seconds) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
  recorder.stop();
  await stopped;
  return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((key) => !(key in clips));
if (unknown.length) {
  console.error(`videos: no clip named ${unknown.join(", ")} (known: ${Object.keys(clips).join(", ")})`);
  process.exit(2);
}
const outDir = join(root, "templates", "videos");
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  const page = await browser.newPage();
  for (const key of wanted.length ? wanted : Object.keys(clips)) {
    const bytes = await page.evaluate(record, {
      clip: clips[key],
      width: WIDTH,
      height: HEIGHT,
      seconds: SECONDS,
      bitsPerSecond: BITS_PER_SECOND,
    });
    const file = join(outDir, `${key}.webm`);
    writeFileSync(file, Buffer.from(bytes));
    console.log(`videos: ${file} (${Math.round(bytes.length / 1024)} KB)`);
  }
} finally {
  await browser.close();
}
