// The README's picture of the page with every expansion on (docs/web-page.png): a
// 3-player game with the River, the Abbot, Inns & Cathedrals and Traders & Builders, P0 a
// person played through the page's own controls (clicks and keys in headless Chromium), P1
// and P2 bots (greedy and random, seeded from the game's seed, so the same picture comes
// back but for the milliseconds the last bot took), up to P0's first turn from turn 45 on;
// then P0's tile in hand is tried on a legal cell, the viewport (1800 x 1000) is written as
// a PNG, and what the board shows (figures by kind, inns, cathedrals, goods) is printed.
// With two more file names, also the end of that game (the bots play P0's seat too, to the end
// screen) and a phone (390 x 844): a 2-player Princess & Dragon game tapped through to a
// figure choice, its targets on the board.
// After scripts/web.sh:
//   node web/tests/screenshot.mjs docs/web-page.png [docs/web-end.png docs/web-phone.png]
// CARC_WEB_SITE: the built page (build/web/site); CHROMIUM: the browser (/usr/bin/chromium).

import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, serve } from './browser.mjs';

const SEED = 9; // of the first dozen seeds, one whose board shows every expansion's figures and marks
const LAST_TURN = 45; // the board is well filled by then: the river laid, figures of every kind out
// The person's figure choices, most wanted first, so that the expansions' figures show.
const FIGURES = ['large meeple', 'builder', 'pig', 'abbot', 'meeple'];

const [out, endOut, phoneOut] = process.argv.slice(2);
if (!out || process.argv.length === 4 || process.argv.length > 5) {
  console.error('usage: node web/tests/screenshot.mjs OUT.png [END.png PHONE.png]');
  process.exit(2);
}
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const site = process.env.CARC_WEB_SITE ?? join(repo, 'build', 'web', 'site');
if (!existsSync(join(site, 'carcassonne_wasm.wasm'))) {
  console.error(`screenshot.mjs: no built page in ${site}: run scripts/web.sh first`);
  process.exit(1);
}

const server = await serve(site);
// Wide enough for the setup bar with every option on one line, so the board fits the window.
const page = await launch(undefined, { width: 1800, height: 1000 });
try {
  const js = JSON.stringify;
  const status = () => page.eval("document.getElementById('status').textContent");
  const turnOf = async () => Number((await status()).match(/^Turn (\d+)/)?.[1] ?? NaN);
  // The person is to act: no bot to move, and the game not over.
  const personToAct = "document.body.dataset.bot === '' || document.body.dataset.phase === 'game-over'";

  await page.goto(`${server.url}?pause=0`);
  await page.waitFor("document.body.dataset.ready === '1'");
  await page.eval(`(() => {
    const set = (id, v) => { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('change')); };
    set('players', '3'); set('seed', ${js(String(SEED))});
    for (const id of ['opt-farmers', 'opt-river', 'opt-abbot', 'opt-inns', 'opt-traders']) document.getElementById(id).checked = true;
    for (const id of ['opt-small-city', 'opt-first-farmers']) document.getElementById(id).checked = false; })()`);
  await page.click('#new-game');
  await page.waitFor("document.getElementById('status').textContent.startsWith('Turn 1:')");
  await page.eval(`['person', 'greedy', 'random'].forEach((kind, p) => {
    const select = document.querySelector('#seats select[data-player="' + p + '"]');
    select.value = kind; select.dispatchEvent(new Event('change')); })`);

  // Clicks a legal cell (varied by turn), fitting the board in view first.
  const chooseCell = async (turn) => {
    await page.press('0');
    const cells = await page.eval("document.querySelectorAll('#board-view .legal-cell').length");
    if (!cells) throw new Error(`turn ${turn}: no legal cell highlighted`);
    await page.click('#board-view .legal-cell', (turn * 7) % cells);
    await page.waitFor("document.querySelector('#board-view .legal-cell.selected')");
  };

  for (;;) {
    await page.waitFor(personToAct, 60000);
    const phase = await page.eval('document.body.dataset.phase');
    if (phase === 'game-over') throw new Error(`the game ended before turn ${LAST_TURN}`);
    if (phase === 'bonus') {
      await page.press('t'); // the builder's bonus tile: take it
      await page.waitFor("document.body.dataset.phase !== 'bonus'");
      continue;
    }
    const turn = await turnOf();
    await chooseCell(turn);
    if (turn >= LAST_TURN) break;
    await page.press('Enter');
    await page.waitFor("document.body.dataset.phase === 'place-meeple'");
    // A figure on every other placement, the expansions' figures first; none otherwise.
    const figures = await page.eval("[...document.querySelectorAll('#board-view .target')].map((b) => b.dataset.figure)");
    const wanted = FIGURES.find((f) => figures.includes(f));
    if (wanted && (turn % 2 === 1 || wanted !== 'meeple')) await page.click(`#board-view .target[data-figure="${wanted}"]`);
    else await page.press('n');
    await page.waitFor(`document.body.dataset.phase !== 'place-meeple'`);
  }
  if (page.errors.length) throw new Error(`errors on the page: ${page.errors.join('; ')}`);
  await page.eval('window.scrollTo(0, 0)');
  writeFileSync(out, await page.screenshot());
  // What the picture shows, for the caption: the figures and expansion marks on the board.
  const shown = await page.eval(`(() => { const svg = document.querySelector('#board-view svg');
    const n = (s) => svg.querySelectorAll(s).length;
    return { figures: n('.meeple'), large: n('.meeple.large'), abbots: n('.meeple.abbot'), builders: n('.meeple.builder'),
      pigs: n('.meeple.pig'), inns: n('g.inn'), cathedrals: n('g.cathedral'), goods: n('g.goods'),
      tokens: [...document.querySelectorAll('#scores tbody td.goods')].map((t) => t.textContent).join(' ') }; })()`);
  console.log(`${out}: ${await status()};`, JSON.stringify(shown));

  if (endOut) {
    // The bots finish the game; the end screen shows over the board as it ended.
    await page.press('Enter');
    await page.eval(`['greedy', 'greedy', 'random'].forEach((kind, p) => {
      const select = document.querySelector('#seats select[data-player="' + p + '"]');
      select.value = kind; select.dispatchEvent(new Event('change')); })`);
    await page.waitFor("document.body.dataset.phase === 'game-over' && !document.getElementById('end').hidden", 300000);
    await page.press('0');
    writeFileSync(endOut, await page.screenshot());
    console.log(`${endOut}: ${await status()}`);

    // A phone: tap a cell, tap it again to place, until a figure choice shows targets.
    await page.send('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 1, mobile: true });
    await page.waitFor('innerWidth === 390');
    await page.eval(`(() => {
      const set = (id, v) => { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('change')); };
      set('players', '2'); set('seed', '5');
      for (const id of ['opt-river', 'opt-inns', 'opt-traders']) document.getElementById(id).checked = false;
      for (const id of ['opt-farmers', 'opt-abbot', 'opt-princess']) document.getElementById(id).checked = true; })()`);
    await page.click('#new-game');
    await page.eval(`document.querySelectorAll('#seats select').forEach((s, p) => { s.value = p ? 'greedy' : 'person'; s.dispatchEvent(new Event('change')); })`);
    // Person turns until the 10th placement leaves P0 a figure choice with targets to show.
    for (let turn = 0; ; turn++) {
      await page.waitFor(personToAct, 60000);
      await page.click('#zoom-reset');
      if (await page.eval("document.body.dataset.phase === 'decide'")) { // a dragon step: the first target
        await page.click('#board-view .target');
        continue;
      }
      const cells = await page.eval("document.querySelectorAll('#board-view .legal-cell').length");
      await page.click('#board-view .legal-cell', turn % cells);
      await page.click('#board-view .legal-cell.selected');
      await page.waitFor("document.body.dataset.phase !== 'place-tile'");
      if (await page.eval("document.body.dataset.phase !== 'place-meeple'")) continue;
      if (turn >= 10 && await page.eval("document.querySelectorAll('#board-view .target').length > 2")) break;
      await page.press(turn % 3 ? 'n' : '1');
      await page.waitFor("document.body.dataset.phase !== 'place-meeple'");
    }
    await page.click('#zoom-reset');
    writeFileSync(phoneOut, await page.screenshot());
    console.log(`${phoneOut}: ${await status()}`);
  }
  if (page.errors.length) throw new Error(`errors on the page: ${page.errors.join('; ')}`);
} finally {
  await page.close();
  await server.close();
}
