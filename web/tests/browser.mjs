// Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
// JSON messages separated by NUL bytes on file descriptors 3 and 4), and a static file
// server for the page. No npm packages: node's own child_process and http.

import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.txt': 'text/plain' };

/** Serves the files under root on a free local port; resolves to { url, close() }. */
export function serve(root) {
  const server = createServer((req, res) => {
    const path = normalize(join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    let file = path;
    try {
      if (!path.startsWith(normalize(root) + sep) && path !== normalize(root)) throw new Error('outside');
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () =>
    resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) })));
}

/** Starts headless Chromium and opens one page; resolves to a Page. */
export async function launch(executable = process.env.CHROMIUM ?? '/usr/bin/chromium', { width = 1400, height = 900 } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'carc-chromium-'));
  const child = spawn(executable, ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
    '--no-default-browser-check', '--disable-extensions', '--remote-debugging-pipe', `--user-data-dir=${profile}`,
    `--window-size=${width},${height}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
  const cdp = new Connection(child, () => stderr);
  const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
  const page = new Page(cdp, sessionId, async () => {
    const exited = new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    // Asked to close, Chromium stops its helper processes and finishes with its profile;
    // killed outright they may still write to it after the browser has exited.
    await Promise.race([cdp.send('Browser.close').catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
    } catch (e) { // a temporary folder left behind is no failure of the page under test
      process.stderr.write(`browser.mjs: could not remove ${profile}: ${e.message}\n`);
    }
  });
  await page.send('Page.enable');
  await page.send('Runtime.enable');
  await page.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
  return page;
}

class Connection {
  constructor(child, stderr) {
    this.next = 1;
    this.waiting = new Map();
    this.listeners = [];
    this.out = child.stdio[3];
    let buffer = '';
    child.stdio[4].on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\0')) >= 0) {
        const message = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (message.id && this.waiting.has(message.id)) {
          const { resolve, reject, method } = this.waiting.get(message.id);
          this.waiting.delete(message.id);
          if (message.error) reject(new Error(`${method}: ${message.error.message}`));
          else resolve(message.result);
        } else {
          for (const listener of this.listeners) listener(message);
        }
      }
    });
    child.on('exit', (code) => {
      for (const { reject } of this.waiting.values()) reject(new Error(`chromium exited (${code}): ${stderr()}`));
      this.waiting.clear();
    });
  }

  send(method, params = {}, sessionId = undefined) {
    const id = this.next++;
    this.out.write(JSON.stringify({ id, method, params, sessionId }) + '\0');
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject, method }));
  }
}

class Page {
  constructor(cdp, sessionId, close) {
    this.cdp = cdp;
    this.sessionId = sessionId;
    this.close = close;
    this.errors = []; // exceptions thrown and console errors on the page
    cdp.listeners.push((m) => {
      if (m.sessionId !== sessionId) return;
      if (m.method === 'Runtime.exceptionThrown') this.errors.push(m.params.exceptionDetails.exception?.description ?? m.params.exceptionDetails.text);
      if (m.method === 'Runtime.consoleAPICalled' && m.params.type === 'error') this.errors.push(m.params.args.map((a) => a.value ?? a.description).join(' '));
    });
  }

  send(method, params = {}) { return this.cdp.send(method, params, this.sessionId); }

  /** The value of a JavaScript expression on the page (awaited if it is a promise). */
  async eval(expression) {
    const r = await this.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error(`on the page: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
    return r.result.value;
  }

  async goto(url) {
    await this.send('Page.navigate', { url });
    await this.waitFor("document.readyState === 'complete'");
  }

  async waitFor(expression, timeoutMs = 20000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (await this.eval(`Boolean(${expression})`)) return;
      if (Date.now() > until) throw new Error(`timed out waiting for ${expression}; page errors: ${this.errors.join('; ')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** A real mouse click (press and release) in the middle of the element selector names,
   * scrolled into view first. */
  async click(selector, index = 0) {
    const box = await this.eval(`(() => { const e = document.querySelectorAll(${JSON.stringify(selector)})[${index}];
      if (!e) return null; e.scrollIntoView({ block: 'nearest' }); const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
    if (!box) throw new Error(`no element ${selector} [${index}] to click`);
    for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
      await this.send('Input.dispatchMouseEvent', { type, x: box.x, y: box.y, button: 'left', buttons: type === 'mousePressed' ? 1 : 0, clickCount: 1 });
    }
  }

  /** A mouse drag by (dx, dy) pixels from the middle of the element selector names. */
  async drag(selector, dx, dy) {
    const box = await this.eval(`(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
    const mouse = (type, x, y, buttons) => this.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons, clickCount: 1 });
    await mouse('mouseMoved', box.x, box.y, 0);
    await mouse('mousePressed', box.x, box.y, 1);
    for (let i = 1; i <= 5; i++) await mouse('mouseMoved', box.x + (dx * i) / 5, box.y + (dy * i) / 5, 1);
    await mouse('mouseReleased', box.x + dx, box.y + dy, 0);
  }

  /** A mouse wheel turn (deltaY < 0: away from the user) over the element selector names. */
  async wheel(selector, deltaY) {
    const box = await this.eval(`(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
    await this.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x: box.x, y: box.y, deltaX: 0, deltaY });
  }

  /** A real key press: key is 'r', 'n', 'u', 'Enter', 'Escape', '0', ... */
  async press(key) {
    const special = { Enter: { code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' },
      ArrowLeft: { code: 'ArrowLeft', windowsVirtualKeyCode: 37 }, ArrowRight: { code: 'ArrowRight', windowsVirtualKeyCode: 39 },
      Home: { code: 'Home', windowsVirtualKeyCode: 36 }, End: { code: 'End', windowsVirtualKeyCode: 35 },
      Escape: { code: 'Escape', windowsVirtualKeyCode: 27 } };
    const k = special[key] ?? { code: /^[0-9]$/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`, windowsVirtualKeyCode: key.toUpperCase().charCodeAt(0), text: key };
    await this.send('Input.dispatchKeyEvent', { type: 'keyDown', key, ...k });
    await this.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code: k.code, windowsVirtualKeyCode: k.windowsVirtualKeyCode });
  }

  /** A PNG of the viewport, as a Buffer. */
  async screenshot() {
    const { data } = await this.send('Page.captureScreenshot', { format: 'png' });
    return Buffer.from(data, 'base64');
  }
}
