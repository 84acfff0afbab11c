#!/usr/bin/env node
// Loads kafkaks's specs and Kafka files into a locally built Kaitai Web IDE in headless Chromium,
// the way a person does (the upload button, then the object tree), and saves screenshots and load
// times. A check for people, not part of `make test`.
//
// usage: node tools/webide_screenshots.js <built-ide-dir> <out-dir> <spec-id>=<file>[@<path>]...
//   e.g. node tools/webide_screenshots.js /tmp/webide/out docs/webide \
//          kafka_log=/data/orders-0/00000000000000000000.log \
//          kafka_consumer_offsets_log=/data/__consumer_offsets-15/00000000000000000669.log@entries/0/records/records/0/key
// <path>, a path in the object tree (as the info panel shows it), is opened and selected;
// without one, the first nodes are opened.
//
// <built-ide-dir> is the `out/` folder of kaitai-io/kaitai_struct_webide built with its own
// lockfile (`npm ci && ./build`; see docs/webide.md). It is served on 127.0.0.1 by this script.
// Needs `playwright-core` (npm; found through NODE_PATH) and Chromium: CHROMIUM (default
// /usr/bin/chromium). For each <spec-id>=<file> it uploads every formats/*.ksy but that spec, then
// the file, then the spec (a single uploaded file is opened at once), waits for the object tree,
// reopens the page, waits for the object tree, expands its first node and item and selects a leaf,
// then writes <out-dir>/<spec-id>-<folder>-<file name>.png and prints one JSON line: {spec, file, bytes,
// load_seconds (page load to the tree, the specs compiled and the file parsed), unparsed (the
// IDE's "Unparsed parts" count), errors (uncaught page errors other than the missing start-up
// sample)}.
"use strict";
const fs = require("fs");
const http = require("http");
const path = require("path");
const { chromium } = require("playwright-core");

const [ideDir, outDir, ...jobs] = process.argv.slice(2);
if (!ideDir || !outDir || jobs.length === 0 || !fs.existsSync(path.join(ideDir || "", "index.html"))) {
  console.error("usage: node tools/webide_screenshots.js <built-ide-dir> <out-dir> <spec-id>=<file>...");
  process.exit(2);
}
const formats = path.resolve(__dirname, "..", "formats");
const specFiles = fs.readdirSync(formats).filter((f) => f.endsWith(".ksy")).map((f) => path.join(formats, f));

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json",
  ".svg": "image/svg+xml", ".png": "image/png", ".woff": "font/woff", ".woff2": "font/woff2", ".ttf": "font/ttf" };

function serve(root) {
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = path.join(root, rel.endsWith("/") ? rel + "index.html" : rel);
    if (!file.startsWith(path.resolve(root)) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] || "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function upload(page, files) {
  // The button works once the IDE's scripts have set it up; until then a click does nothing.
  for (let attempt = 0; ; attempt++) {
    try {
      const [chooser] = await Promise.all([
        page.waitForEvent("filechooser", { timeout: 5000 }),
        page.click("#uploadFile"),
      ]);
      await chooser.setFiles(files);
      return;
    } catch (err) {
      if (attempt >= 11) throw err;
    }
  }
}

// Opens the tree along `parts` (field names and array indexes) and selects the last node, as
// clicking the tree does. Arrays of more than 100 items show ranges ([0 … 99]) in between.
async function openPath(page, parts) {
  let id = "inputField";
  for (const part of parts) {
    const parentId = id;
    id += "-" + part;
    for (let tries = 0; tries < 3 && (await page.locator(`[id="${id}"]`).count()) === 0; tries++) {
      const range = page.locator(`[id^="${parentId}-"].jstree-closed > .jstree-ocl`).first();
      if ((await range.count()) === 0) break;
      await range.click();
      await page.waitForTimeout(500);
    }
    const node = page.locator(`[id="${id}"]`);
    if ((await node.count()) === 0) throw new Error(`no node ${parts.join("/")} in the tree (at ${part})`);
    if (id !== "inputField-" + parts.join("-") && (await node.locator(":scope.jstree-closed").count()) > 0) {
      await node.locator(":scope > .jstree-ocl").click();
      await page.waitForTimeout(500);
    }
  }
  await page.locator(`[id="${id}"] > .jstree-anchor`).click();
  await page.waitForTimeout(500);
}

async function run(browser, base, specId, file, treePath) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => {
    if (!String(err.message).includes("file not found")) errors.push(String(err.message || err));
  });
  await page.addInitScript(() => localStorage.setItem("doNotShowWelcome", "true"));
  await page.goto(base + "/index.html");
  await page.waitForSelector("#uploadFile");

  const top = specFiles.find((f) => path.basename(f, ".ksy") === specId);
  if (!top) throw new Error(`no formats/${specId}.ksy`);
  await upload(page, specFiles.filter((f) => f !== top));
  await upload(page, [file]); // a single uploaded file is opened at once: the input
  await upload(page, [top]); // ... and the spec
  await page.waitForTimeout(2000); // the IDE stores which ones are open (localforage)
  // Reopen the page, which loads the last spec and input, as a returning user sees them. (It also
  // gets past the IDE's start-up sample, formats/archive/zip.ksy, absent from a build without the
  // formats submodule.) The load time runs from here to the tree.
  errors.length = 0;
  const started = Date.now();
  await page.reload();
  await page.waitForFunction(() => document.querySelector("#parsedDataTree .jstree-node"), null,
    { timeout: 600000, polling: 200 });
  const loadSeconds = (Date.now() - started) / 1000;

  if (treePath) {
    await openPath(page, treePath.split("/"));
  } else {
    // Open the first nodes (entries, its first item, the item itself and its body).
    for (let depth = 0; depth < 4; depth++) {
      const closed = page.locator("#parsedDataTree .jstree-closed > .jstree-ocl").first();
      if ((await closed.count()) === 0) break;
      await closed.click();
      await page.waitForTimeout(500);
    }
  }
  const unparsed = await page.evaluate(() => {
    const m = document.querySelector("#unparsedDiv").innerText.match(/\/\s*(\d+)/); // "<< - / 0 >>"
    return m ? Number(m[1]) : null;
  });
  fs.mkdirSync(outDir, { recursive: true });
  // Segments all share a name (00000000000000000000.log): name the picture after the folder too.
  const shot = path.join(outDir, `${specId}-${path.basename(path.dirname(file))}-${path.basename(file)}.png`);
  await page.screenshot({ path: shot });
  await context.close();
  return { spec: specId, file, bytes: fs.statSync(file).size, load_seconds: loadSeconds, unparsed, errors, screenshot: shot };
}

async function main() {
  const server = await serve(path.resolve(ideDir));
  const base = `http://127.0.0.1:${server.address().port}`;
  // Playwright starts Chromium headless with a fresh temporary profile of its own.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    for (const job of jobs) {
      const eq = job.indexOf("=");
      const [file, treePath] = job.slice(eq + 1).split("@");
      const result = await run(browser, base, job.slice(0, eq), path.resolve(file), treePath);
      process.stdout.write(JSON.stringify(result) + "\n");
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
