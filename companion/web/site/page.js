// companion's page side (companion.web.build puts it into index.html's head, before
// Flet's python.js): it starts the Python worker at once, holds the saved games' lock
// for this tab, asks the browser to keep the saved games, registers the service
// worker, keeps the summary of the match in progress for the first screen, and starts
// the background worker that makes the Python snapshot when a start had none.
//
// The lock: one tab (or installed app window) at a time uses the saved games (Web
// Locks, "companion-data"). Another one says companion is open elsewhere and offers
// to use it here: the tab holding it finishes the save under way, saves nothing more
// and lets go (it then says so and offers the same); after 5 s without an answer (a
// frozen tab) the lock is taken from it. The saved games themselves refuse a save
// from a tab that did not read the last one (companion/web/site/worker.js).
(function () {
    "use strict";
    const config = __CONFIG__;
    const LOCK = "companion-data";
    const SUMMARY = "companion-match";
    const TAKE_OVER = "companion-take-over";
    const state = {
        stage: "page", stages: [], summary: null, elsewhere: false, released: false, problem: null,
        failed: null, ready: false, snapshot: null, persisted: null, held: false,
    };
    const events = new EventTarget();
    const me = Math.random().toString(36).slice(2);
    let worker = null;
    let port = null;
    let taken = false;
    let releaseLock = null;
    let queued = null;                    // this tab's place in the line for the lock (queue)

    // The client's build Flutter's loader takes (flutter.js's own checks): skwasm where
    // the browser is Chromium's and runs WasmGC and WebGL, else CanvasKit. The service
    // worker keeps that one's files, the first screen counts their download.
    function rendererOf() {
        try {
            const blink = navigator.vendor === "Google Inc." || navigator.userAgent.includes("Edg/");
            const wasmGC = WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0]));
            if (!blink || !wasmGC) {
                return "canvaskit";
            }
            const canvas = document.createElement("canvas");
            const gl = canvas.getContext("webgl2") || canvas.getContext("webgl");
            const lose = gl && gl.getExtension("WEBGL_lose_context");
            if (lose) {
                lose.loseContext();
            }
            return gl ? "skwasm" : "canvaskit";
        } catch {
            return "canvaskit";
        }
    }
    const renderer = rendererOf();

    // ------------------------------------------------------------ packed files

    /*__UNPACK__*/

    // The site's packed files (config.packed: kept as `<path>.gz`), asked for by their own
    // address by Flutter's loader and engine: while no service worker controls this page
    // (it answers with the files themselves), their `.gz` is fetched and unpacked here.
    const PACKED = new Set(config.packed);
    const SITE = new URL("./", document.baseURI).href;
    const fetchAsIs = window.fetch.bind(window);

    function packedPath(input) {
        const address = typeof input === "string" || input instanceof URL ? String(input) : input.url;
        const url = new URL(address, document.baseURI).href.split(/[?#]/)[0];
        const path = url.startsWith(SITE) ? url.slice(SITE.length) : null;
        return path !== null && PACKED.has(path) ? path : null;
    }

    function controlled() {
        return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
    }

    window.fetch = function (input, init) {
        const path = packedPath(input);
        if (path === null || controlled()) {
            return fetchAsIs(input, init);
        }
        return fetchUnpacked(fetchAsIs, SITE, path);
    };

    function changed(what) {
        events.dispatchEvent(new CustomEvent("change", { detail: what }));
    }

    try {
        state.summary = JSON.parse(localStorage.getItem(SUMMARY) || "null");
    } catch {
        state.summary = null;
    }

    function spawn(mode) {
        const channel = new MessageChannel();
        const w = new Worker(new URL("python-worker.js", document.baseURI), { type: "module" });
        w.postMessage({ companion: { ...config.worker, packed: config.packed, mode, controlled: controlled() } },
                      [channel.port2]);
        return { worker: w, port: channel.port1 };
    }

    function fromWorker(message) {
        switch (message.type) {
            case "stage":
                state.stage = message.stage;
                state.stages.push([message.stage, performance.now()]);
                performance.mark(`companion-${message.stage}`);
                changed("stage");
                break;
            case "python":
                state.snapshot = message.snapshot ? "restored" : "none";
                changed("stage");
                break;
            case "summary":
                state.summary = message.summary;
                try {
                    if (message.summary) {
                        localStorage.setItem(SUMMARY, JSON.stringify(message.summary));
                    } else {
                        localStorage.removeItem(SUMMARY);
                    }
                } catch {
                    // full storage: the first screen shows the last summary it could keep
                }
                break;
            case "problem":
                state.problem = message.text || null;
                changed("problem");
                break;
            case "ready":
                state.ready = true;
                performance.mark("companion-ready");
                changed("ready");
                if (state.snapshot === "none") {
                    setTimeout(makeSnapshot, 1500);   // once the app is up, in the background
                }
                if ("serviceWorker" in navigator) {  // printing's files, kept for offline (sw.js)
                    navigator.serviceWorker.ready.then((r) => r.active && r.active.postMessage("after-start"))
                        .catch(() => {});
                }
                break;
            case "no-snapshot":
                state.snapshot = "none";
                break;
            case "released":
                letGo();
                break;
            case "failed":
                state.failed = message.text;
                changed("failed");
                break;
        }
    }

    function start() {
        ({ worker, port } = spawn("app"));
        port.onmessage = (e) => fromWorker(e.data);
    }

    // ------------------------------------------------------------ the lock

    function granted() {
        state.held = true;
        state.elsewhere = false;
        port.postMessage({ type: "lock" });
        changed("lock");
        return new Promise((resolve) => { releaseLock = resolve; });
    }

    function letGo() {
        // another tab uses the saved games now: this one stops (its Python worker goes)
        state.held = false;
        state.released = true;
        state.ready = false;
        if (worker) {
            worker.terminate();
        }
        if (releaseLock) {
            releaseLock();
            releaseLock = null;
        }
        changed("released");
    }

    function lost() {
        if (state.held) {
            letGo();                              // the lock was taken from this tab
        }
    }

    const channel = "BroadcastChannel" in self ? new BroadcastChannel("companion") : null;
    if (channel) {
        channel.onmessage = (e) => {
            if (e.data && e.data.type === "release" && e.data.from !== me && state.held) {
                port.postMessage({ type: "release" });
            }
        };
    }

    function takeOver() {
        if (state.released) {                     // this tab let go before: start afresh
            sessionStorage.setItem(TAKE_OVER, "1");
            location.reload();
            return;
        }
        state.elsewhere = false;
        state.taking = true;
        changed("lock");
        if (channel) {
            channel.postMessage({ type: "release", from: me });
        }
        queued ??= queue();                       // the wait since the start, or one from now
        setTimeout(() => {
            if (!state.held) {                    // no answer: a frozen tab keeps nothing from us
                queued?.abort();
                queued = null;
                navigator.locks.request(LOCK, { steal: true }, (lock) => granted()).catch(lost);
            }
        }, 5000);
    }

    function lockUp() {
        if (!navigator.locks) {                   // a browser without Web Locks: no second tab to fear
            granted();
            return;
        }
        if (sessionStorage.getItem(TAKE_OVER)) {
            sessionStorage.removeItem(TAKE_OVER);
            takeOver();
            return;
        }
        navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => {
            if (!lock) {
                state.elsewhere = true;
                changed("lock");
                queued = queue();
                return undefined;
            }
            return granted();
        }).catch(lost);
    }

    // A place in the line for the lock; its AbortController. The tab that holds the saved
    // games may be going: closed while it loaded, it lets go a moment later (seen: a tab
    // opened just after one closed said "open in another tab" for good), or the player
    // closes it now, and this tab then starts by itself. "Use it here" (takeOver) keeps
    // the same place and steals the lock if the other tab does not answer.
    function queue() {
        const waiting = new AbortController();
        navigator.locks.request(LOCK, { signal: waiting.signal }, (lock) => {
            queued = null;
            return granted();
        }).catch(lost);                           // aborted before the lock came: nothing held, nothing lost
        return waiting;
    }

    // ------------------------------------------------------------ the Python snapshot

    function makeSnapshot() {
        if (!state.ready || !self.caches) {
            return;
        }
        const run = () => new Promise((done) => {
            state.snapshot = "making";
            const job = spawn("snapshot");
            const finish = (what) => {
                state.snapshot = what;
                job.worker.terminate();
                changed("snapshot");
                done();
            };
            job.port.onmessage = (e) => {
                if (e.data.type === "snapshot") {
                    finish("made");
                } else if (e.data.type === "failed") {
                    console.warn("companion: no Python snapshot:", e.data.text);
                    finish("failed");
                }
            };
        });
        if (navigator.locks) {
            navigator.locks.request("companion-snapshot", { ifAvailable: true }, (lock) => lock ? run() : null);
        } else {
            run();
        }
    }

    // ------------------------------------------------------------ the browser's storage

    function persist() {
        if (!(navigator.storage && navigator.storage.persist)) {
            return;
        }
        navigator.storage.persisted()
            .then((kept) => kept || navigator.storage.persist())
            .then((kept) => {
                state.persisted = kept;
                port.postMessage({ type: "persisted", persisted: kept });
                changed("persisted");
            })
            .catch(() => {});
    }

    start();
    lockUp();
    persist();
    if ("serviceWorker" in navigator) {
        window.addEventListener("load", () => {
            navigator.serviceWorker.register(`sw.js?renderer=${renderer}`).catch((e) => console.warn("companion: no offline copy:", e));
        });
    }

    window.companion = {
        config, state, events, takeOver, renderer,
        // Flet's python.js takes the worker started here for its connection (once)
        takeWorker() {
            if (taken || !worker) {
                return spawn("app").worker;
            }
            taken = true;
            return worker;
        },
    };
})();
