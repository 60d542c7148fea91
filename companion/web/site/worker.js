// companion's Python worker: Pyodide and the app's Python, in a module worker
// (companion.web.build writes this file into the site as python-worker.js; the Python
// side is companion/web/browser.py).
//
// It speaks Flet's protocol with the page's python.js (the first message from Flet is
// the connection's init, then packed frames both ways) and companion's own on a
// MessageChannel port the page hands over first (companion/web/site/page.js): what is
// loading, the saved games' lock, the summary of the match in progress, a storage
// problem.
//
// A start does everything at once: Pyodide's runtime, the app archive (unpacked here
// into Pyodide's file system, not by Python), the binary extensions (compiled while
// the runtime loads), the memory snapshot and the saved games (read from IndexedDB
// once this tab holds the lock).
//
// The memory snapshot: Python with companion's modules imported, as memory. Made in
// the background after a start that had none ("snapshot" mode: a second worker that
// imports and snapshots and exits), kept in Cache Storage under the Python build's
// key, restored by every later start instead of starting the interpreter and
// importing (Pyodide's _makeSnapshot / makeMemorySnapshot / _loadSnapshot). Its
// limits, and how they are met:
// - binary extensions (pydantic-core, msgpack) have memory and table slots of their
//   own: they are loaded before the interpreter starts, always in the same order, so
//   a restored snapshot finds them where it left them (and the dlopen handles Python
//   holds are mapped again);
// - JS objects Python held when it was made cannot come back: it is made before
//   anything of the page exists in Python (no Flet connection, no store);
// - the file system is not in it: the archive is unpacked at every start;
// - the random generator is seeded again after a restore (browser.restored); the time
//   and time zone come from the browser at each call, as in any start;
// - a snapshot that cannot be read or restored is deleted and the start goes on
//   without one (and makes a new one in the background).
"use strict";

const SITE = new URL("./", self.location.href).href;
const HOME = "/home/pyodide/";
const SNAPSHOTS = "companion-snapshots";
const DB_NAME = "companion";           // the saved games: one IndexedDB database
const DB_STORE = "files";
const DATA_DIR = "/companion-data";
const DATA_FILE = "companion.sqlite3";
const OLD_IDBFS = "/companion-data";   // where builds before this one kept it (Emscripten's IDBFS)
const SAVE_TIMEOUT = 10000;            // ms: a save the browser has not confirmed by then failed

let port = null;                       // companion's channel to the page
let config = null;
let configured;
const configReady = new Promise((resolve) => { configured = resolve; });
const fletInit = deferred();           // Flet's first message: the connection's init
const fletQueue = [];                  // frames from the page before Python listens
self.flet_js = {};

function deferred() {
    let resolve, reject;
    const promise = new Promise((ok, no) => { resolve = ok; reject = no; });
    return { promise, resolve, reject };
}

function say(type, fields) {
    if (port) {
        port.postMessage({ type, ...(fields || {}) });
    }
}

function stage(name, detail) {
    say("stage", { stage: name, at: performance.now(), ...(detail || {}) });
}

self.onmessage = (event) => {
    const data = event.data;
    if (data && data.companion) {                 // our channel and the build's settings
        port = event.ports[0];
        port.onmessage = (e) => fromPage(e.data);
        config = data.companion;
        configured(config);
    } else if (!fletInit.started) {
        fletInit.started = true;
        fletInit.resolve(data);
    } else if (typeof self.flet_js.send === "function") {
        self.flet_js.send(data);
    } else {
        fletQueue.push(data);
    }
};

// ---------------------------------------------------------------- fetching

/*__UNPACK__*/

// The app archive: a ustar file, gzipped. Yields [path, bytes] (views of one buffer).
function* untar(buf) {
    const text = new TextDecoder();
    const field = (head, from, to) => {
        const part = head.subarray(from, to);
        const end = part.indexOf(0);
        return text.decode(end >= 0 ? part.subarray(0, end) : part);
    };
    let at = 0;
    while (at + 512 <= buf.length) {
        const head = buf.subarray(at, at + 512);
        if (head[0] === 0) {
            return;
        }
        const prefix = field(head, 345, 500);
        const name = (prefix ? prefix + "/" : "") + field(head, 0, 100);
        const size = parseInt(field(head, 124, 136).trim() || "0", 8);
        const kind = head[156];
        at += 512;
        if (kind === 0 || kind === 48) {          // a regular file ('0' or NUL)
            yield [name, buf.subarray(at, at + size)];
        }
        at += Math.ceil(size / 512) * 512;
    }
}

async function appFiles() {
    const response = await fetch(new URL(config.app, SITE));
    if (!response.ok) {
        throw new Error(`HTTP ${response.status} ${config.app}`);
    }
    const unpacked = await unpackedResponse(response, config.app);
    return Array.from(untar(new Uint8Array(await unpacked.arrayBuffer())));
}

// The binary extensions in the archive (config.dynlibs, in the build's order), compiled
// while the runtime loads.
async function dynlibs() {
    const files = new Map(await appFilesOnce());
    return Promise.all(config.dynlibs.map(async (path) => {
        const bytes = files.get(path);
        if (!bytes) {
            throw new Error(`${path} is not in the app archive`);
        }
        return { path: HOME + path, module: await WebAssembly.compile(bytes), bytes };
    }));
}

// ---------------------------------------------------------------- the snapshot

function snapshotKey(build) {
    return new Request(new URL(`__companion__/snapshot-${build}`, SITE));
}

// The snapshot kept for this build, if any: its description at once, its bytes as
// they are read (the runtime loads meanwhile). Kept as it was made: reading 45 MB from
// the disk is quicker than unpacking them.
async function findSnapshot(build) {
    if (!self.caches) {
        return null;
    }
    try {
        const cache = await caches.open(SNAPSHOTS);
        const hit = await cache.match(snapshotKey(build));
        if (!hit) {
            return null;
        }
        const meta = JSON.parse(hit.headers.get("X-Companion-Snapshot") || "null");
        if (!meta || meta.build !== build || !meta.size) {
            throw new Error("its description does not match this build");
        }
        const bytes = hit.arrayBuffer().then((buffer) => {
            if (buffer.byteLength !== meta.size) {
                throw new Error(`${buffer.byteLength} bytes read of ${meta.size}`);
            }
            return new Uint8Array(buffer);
        });
        bytes.catch(() => {});
        return { meta, bytes };
    } catch (error) {
        console.warn("companion: the saved Python snapshot cannot be used:", error);
        await dropSnapshots(null);
        return null;
    }
}

async function dropSnapshots(keep) {
    if (!self.caches) {
        return;
    }
    const cache = await caches.open(SNAPSHOTS);
    for (const request of await cache.keys()) {
        if (!keep || !request.url.endsWith(`snapshot-${keep}`)) {
            await cache.delete(request);
        }
    }
}

async function keepSnapshot(build, bytes, handles) {
    const meta = { build, size: bytes.length, handles, made: new Date().toISOString() };
    const response = new Response(bytes, {
        headers: { "Content-Type": "application/octet-stream", "X-Companion-Snapshot": JSON.stringify(meta) },
    });
    const cache = await caches.open(SNAPSHOTS);
    await cache.put(snapshotKey(build), response);
    await dropSnapshots(build);
}

// dlopen handles Python holds (name → [handle]): a restore maps them to the libraries again.
function dlopenHandles(Module) {
    const out = {};
    for (const [handle, dso] of Object.entries(Module.LDSO.loadedLibsByHandle)) {
        if (Number(handle) !== 0) {
            (out[dso.name] ??= []).push(Number(handle));
        }
    }
    return out;
}

// ---------------------------------------------------------------- Pyodide

let Module = null;

// Pyodide's module factory, with companion's step before the interpreter starts: the
// archive's files written into the file system and the binary extensions loaded, in
// the build's order, before any memory is handed out at run time (a snapshot finds
// them at the same addresses).
function moduleFactory(create, parts) {
    return (settings) => {
        Module = settings;
        const mine = (M) => {
            M.addRunDependency("companion");
            stage("interpreter");
            (async () => {
                try {
                    if (parts.heap) {
                        M.growMemory(parts.heap);
                    }
                    const [files, libs] = await Promise.all([parts.files, parts.dynlibs]);
                    stage("files");
                    const folders = new Set();     // each made once (mkdirTree walks the whole path)
                    for (const [path, data] of files) {
                        const full = HOME + path;
                        const folder = full.slice(0, full.lastIndexOf("/"));
                        if (!folders.has(folder)) {
                            M.FS.mkdirTree(folder);
                            folders.add(folder);
                        }
                        M.FS.writeFile(full, data, { canOwn: true });
                    }
                    for (const lib of libs) {
                        const dso = M.newDSO(lib.path, undefined, "loading");
                        dso.refcount = Infinity;
                        dso.global = false;
                        dso.exports = M.loadWebAssemblyModule(lib.module, { loadAsync: false, nodelete: true },
                            lib.path, {});
                    }
                    M.FS.mkdirTree(DATA_DIR);
                } catch (error) {
                    parts.failed = error;
                } finally {
                    M.removeRunDependency("companion");
                }
            })();
        };
        settings.preRun = [...(settings.preRun || []), mine];
        return create(settings);
    };
}

// Pyodide's own scripts, loading as the worker starts.
const runtimeScripts = Promise.all([
    import(new URL("pyodide/pyodide.mjs", SITE).href),
    import(new URL("pyodide/pyodide.asm.mjs", SITE).href),
]);
runtimeScripts.catch(() => {});

// Pyodide's WebAssembly compiled as the worker starts too, not once its scripts have
// loaded and the snapshot has been looked for: Pyodide's own fetch of it is answered
// by a stand-in (nothing downloaded twice) and its instantiateStreaming of that stand-in
// with this module (a failed compile: fetched and compiled again, as Pyodide asked).
// It is one of the site's packed files (build.PACKED: kept as its `.gz`): unpacked as it
// arrives, unless the service worker, which answers with it unpacked, controls the page.
const RUNTIME = "pyodide/pyodide.asm.wasm";
const RUNTIME_WASM = new URL(RUNTIME, SITE).href;
const fetchAsIs = self.fetch.bind(self);
const instantiateAsIs = WebAssembly.instantiateStreaming.bind(WebAssembly);

async function siteFile(path) {
    await configReady;
    if (config.controlled || !config.packed.includes(path)) {
        return fetchAsIs(new URL(path, SITE).href);
    }
    return fetchUnpacked(fetchAsIs, SITE, path);
}

const runtimeWasm = WebAssembly.compileStreaming(siteFile(RUNTIME));
runtimeWasm.catch(() => {});
const standIn = new Response(null);
let runtimeAsked = false;
self.fetch = (input, init) => {
    if (!runtimeAsked && (input instanceof URL ? input.href : input) === RUNTIME_WASM) {
        runtimeAsked = true;
        return Promise.resolve(standIn);
    }
    return fetchAsIs(input, init);
};
WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    if (response !== standIn) {
        return instantiateAsIs(response, imports);
    }
    try {
        const module = await runtimeWasm;
        return { module, instance: await WebAssembly.instantiate(module, imports) };
    } catch (error) {
        console.warn("companion: Pyodide's runtime compiled again:", error);
        return instantiateAsIs(siteFile(RUNTIME), imports);
    }
};

async function startPython(snapshot, making) {
    const [runtime, asm] = await runtimeScripts;
    const parts = { files: appFilesOnce(), dynlibs: dynlibsOnce(), heap: snapshot ? snapshot.meta.size : 0 };
    const options = {
        indexURL: new URL("pyodide/", SITE).href,
        lockFileContents: config.lock,
        createPyodideModule: moduleFactory(asm.default, parts),
        stdout: (text) => console.log(text),
        stderr: (text) => console.error(text),
        env: { HOME: HOME.slice(0, -1), COMPANION_DATA_DIR: DATA_DIR },
    };
    if (snapshot) {
        options._loadSnapshot = snapshot.bytes;
    }
    if (making) {
        options._makeSnapshot = true;
    }
    const py = await runtime.loadPyodide(options);
    if (parts.failed) {
        throw parts.failed;
    }
    if (snapshot) {
        for (const [name, handles] of Object.entries(snapshot.meta.handles || {})) {
            for (const handle of handles) {
                Module.LDSO.loadedLibsByHandle[handle] = Module.LDSO.loadedLibsByName[name];
            }
        }
    }
    return py;
}

let filesPromise = null;
let dynlibsPromise = null;
function appFilesOnce() {
    filesPromise ??= appFiles();
    return filesPromise;
}
function dynlibsOnce() {
    dynlibsPromise ??= dynlibs();
    return dynlibsPromise;
}

// ---------------------------------------------------------------- the saved games

// One IndexedDB database ("companion"). Its "files" store holds the store's file as
// last written whole, with its write-ahead log as it was then (DATA_FILE: { bytes,
// wal, saved }), and the number of saves made ("generation": a tab that did not write
// the last one knows). Its "log" store holds what the write-ahead log gained since,
// one entry a save ({ offset, bytes }: the log's bytes from offset on).
//
// Why: the store is SQLite in write-ahead-log mode, so a commit appends its pages to
// the log (companion.sqlite3-wal) and leaves the file as it was. A save sends only
// those new bytes, a few kilobytes a tap, not the whole file (megabytes once years of
// matches are kept, copied and written at every tap before). The file is written whole
// again when SQLite starts its log afresh (after it folded the log into the file: its
// salt changes), when the log was emptied, and when the log kept here grows past
// LOG_LIMIT. A start puts the file and the log back, each entry at its offset, and
// SQLite reads the log as it reads its own after a crash. Only whole transactions go
// out: a save ends at the log's last commit frame (each frame carries the log's salt
// and, for a commit, the file's size), so a transaction SQLite is still writing (it
// may rewrite its own frames) is never half kept.
//
// Version 1 (builds before this one) held the whole file, with its generation, at
// every save; it is read as the file with an empty log. A build of version 1 cannot
// open version 2 (the browser refuses it), so it never reads a file without its log.
const DB_VERSION = 2;
const DB_LOG = "log";
const GENERATION = "generation";
const LOG_LIMIT = 8 * 1024 * 1024;     // bytes of log kept before the file is written whole again
const WAL_HEADER = 32;                 // SQLite's write-ahead log: its header's size,
const FRAME_HEADER = 24;               // and each frame's header's

function openDB() {
    return new Promise((resolve, reject) => {
        const request = indexedDB.open(DB_NAME, DB_VERSION);
        request.onupgradeneeded = (event) => {
            const db = request.result;
            const files = event.oldVersion < 1 ? db.createObjectStore(DB_STORE) : request.transaction.objectStore(DB_STORE);
            db.createObjectStore(DB_LOG, { autoIncrement: true });
            const file = files.get(DATA_FILE);     // version 1: the generation was in the file's record
            file.onsuccess = () => { files.put(file.result ? file.result.generation || 0 : 0, GENERATION); };
        };
        request.onsuccess = () => {
            const db = request.result;
            db.onversionchange = () => {       // a newer build in another tab: it keeps the saved games now
                data.closed = "elsewhere";
                db.close();
            };
            resolve(db);
        };
        request.onerror = () => reject(request.error);
        request.onblocked = () => reject(new Error("the browser's storage is busy in another tab"));
    });
}

function within(ms, promise, why) {
    let timer;
    const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(why)), ms); });
    return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// What builds before this one kept (Emscripten's IDBFS database): read once, moved here.
function readOldIdbfs() {
    return new Promise((resolve) => {
        let request;
        try {
            request = indexedDB.open(OLD_IDBFS);
        } catch {
            resolve(null);
            return;
        }
        request.onupgradeneeded = () => { request.transaction.abort(); };   // none there
        request.onerror = () => resolve(null);
        request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains("FILE_DATA")) {
                db.close();
                resolve(null);
                return;
            }
            const get = db.transaction("FILE_DATA").objectStore("FILE_DATA").get(`${OLD_IDBFS}/${DATA_FILE}`);
            get.onsuccess = () => { db.close(); resolve(get.result && get.result.contents || null); };
            get.onerror = () => { db.close(); resolve(null); };
        };
    });
}

// What this tab knows of the saved games: the database, the saves counted, whether a
// whole file is kept (base), how far the log is kept (logEnd: its bytes before it are
// out; logSalt: the log they belong to, null for none yet) and the log's bytes kept
// since the file was written whole.
const data = { db: null, generation: 0, closed: null, chain: Promise.resolve(), queued: null, releasing: false,
               base: false, logEnd: 0, logSalt: null, logKept: 0 };

// The log put back together: the log kept with the file, each entry written at its
// offset (a save retried after a timeout may send bytes already kept: the same bytes).
function logOf(wal, entries) {
    let size = wal ? wal.length : 0;
    for (const entry of entries) {
        size = Math.max(size, entry.offset + entry.bytes.length);
    }
    const log = new Uint8Array(size);
    if (wal) {
        log.set(wal, 0);
    }
    for (const entry of entries) {
        log.set(entry.bytes, entry.offset);
    }
    return log;
}

function saltOf(bytes, at) {
    return Array.from(bytes.subarray(at, at + 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The saved games: { file, log } (the store's file and its write-ahead log), or null.
async function readSavedGames() {
    data.db = await within(SAVE_TIMEOUT, openDB(), "the browser did not open its storage for companion");
    const [file, generation, entries] = await within(SAVE_TIMEOUT, new Promise((resolve, reject) => {
        const tx = data.db.transaction([DB_STORE, DB_LOG]);
        const got = [tx.objectStore(DB_STORE).get(DATA_FILE), tx.objectStore(DB_STORE).get(GENERATION),
                     tx.objectStore(DB_LOG).getAll()];
        tx.oncomplete = () => resolve(got.map((request) => request.result));
        tx.onabort = () => reject(tx.error || new Error("aborted"));
    }), "the browser did not read companion's storage");
    data.generation = generation || 0;
    if (file) {
        const log = logOf(file.wal, entries);
        data.base = true;
        data.logKept = entries.reduce((sum, entry) => sum + entry.bytes.length, 0);
        data.logEnd = log.length > WAL_HEADER ? log.length : 0;
        data.logSalt = log.length > WAL_HEADER ? saltOf(log, 16) : null;
        return { file: file.bytes, log: data.logEnd ? log : null };
    }
    const old = await within(SAVE_TIMEOUT, readOldIdbfs(), "the browser did not read companion's older storage");
    return old ? { file: old, log: null } : null;
}

function readAt(stream, position, length) {
    const bytes = new Uint8Array(length);
    let got = 0;
    while (got < length) {
        const n = Module.FS.read(stream, bytes, got, length - got, position + got);
        if (n <= 0) {
            break;
        }
        got += n;
    }
    return bytes.subarray(0, got);
}

// The write-ahead log as it is now: its salt, and where its last whole transaction ends
// (frames read from `from`, a frame's end, on: only their headers); { salt: null } when
// there is no log, or none with a transaction in it.
function logNow(from) {
    const path = `${DATA_DIR}/${DATA_FILE}-wal`;
    if (!Module.FS.analyzePath(path).exists) {
        return { salt: null, end: 0 };
    }
    const stream = Module.FS.open(path, "r");
    try {
        const size = Module.FS.stat(path).size;
        const header = readAt(stream, 0, WAL_HEADER);
        if (header.length < WAL_HEADER) {
            return { salt: null, end: 0 };
        }
        const view = new DataView(header.buffer);
        const salt = saltOf(header, 16);
        const frame = FRAME_HEADER + view.getUint32(8);
        let end = Math.max(from, WAL_HEADER);
        for (let at = end; at + frame <= size; at += frame) {
            const head = readAt(stream, at, FRAME_HEADER);
            if (saltOf(head, 8) !== salt) {
                break;                     // an older log's frame: the log ends before it
            }
            if (new DataView(head.buffer).getUint32(4) !== 0) {
                end = at + frame;          // a commit frame: its transaction is whole
            }
        }
        return end > WAL_HEADER ? { salt, end } : { salt: null, end: 0 };
    } finally {
        Module.FS.close(stream);
    }
}

function logBytes(from, end) {
    const stream = Module.FS.open(`${DATA_DIR}/${DATA_FILE}-wal`, "r");
    try {
        return readAt(stream, from, end - from);
    } finally {
        Module.FS.close(stream);
    }
}

// What this save sends: the log's new bytes, or the file whole (with its log). The
// file goes whole when no log was kept with it: the log SQLite writes then may not be
// the first since (it may have folded one into the file and started another).
function whatToSave() {
    if (data.base && data.logSalt !== null) {
        const now = logNow(data.logEnd);
        if (now.salt === data.logSalt && now.end - data.logEnd + data.logKept <= LOG_LIMIT) {
            return { entry: now.end > data.logEnd ? { offset: data.logEnd, bytes: logBytes(data.logEnd, now.end) } : null,
                     salt: now.salt, end: now.end };
        }
    }
    const now = logNow(0);
    return {
        whole: { bytes: Module.FS.readFile(`${DATA_DIR}/${DATA_FILE}`),
                 wal: now.salt !== null ? logBytes(0, now.end) : new Uint8Array(0) },
        salt: now.salt, end: now.end,
    };
}

// Save what changed: one transaction, refused when another tab saved since this one
// read (generation), failed when the browser does not confirm it in time. A failure's
// message is a word Python puts into the player's language ("elsewhere", "timeout") or
// the browser's own error (QuotaExceededError: its storage is full); what it was to
// send goes out with the next save. One write at a time, and at most one waiting: it
// looks at the files when it starts, so it takes every change made meanwhile (a
// browser slow to answer is not asked once per tap).
function save() {
    if (data.queued) {
        return data.queued;
    }
    if (data.releasing) {              // another tab takes over: nothing more from this one
        return Promise.reject(new Error("elsewhere"));
    }
    const run = async () => {
        data.queued = null;
        if (data.closed) {
            throw new Error(data.closed);
        }
        const out = whatToSave();
        if (!out.whole && !out.entry) {
            return;                    // nothing new in the log: all of it is kept
        }
        await within(SAVE_TIMEOUT, new Promise((resolve, reject) => {
            const tx = data.db.transaction([DB_STORE, DB_LOG], "readwrite");
            const files = tx.objectStore(DB_STORE);
            const seen = files.get(GENERATION);
            seen.onsuccess = () => {
                const now = seen.result || 0;
                if (now !== data.generation) {
                    data.closed = "elsewhere";
                    tx.abort();
                    return;
                }
                if (out.whole) {
                    files.put({ ...out.whole, saved: new Date().toISOString() }, DATA_FILE);
                    tx.objectStore(DB_LOG).clear();
                } else {
                    tx.objectStore(DB_LOG).add(out.entry);
                }
                files.put(now + 1, GENERATION);
            };
            tx.oncomplete = () => {
                data.generation += 1;
                data.base = true;
                data.logEnd = out.end;
                data.logSalt = out.salt;
                data.logKept = out.whole ? 0 : data.logKept + out.entry.bytes.length;
                resolve();
            };
            tx.onabort = () => reject(data.closed ? new Error(data.closed) : tx.error || new Error("aborted"));
            tx.onerror = (e) => { e.preventDefault(); };
        }), "timeout");
    };
    const next = data.chain.then(run, run);
    data.queued = next;
    data.chain = next.catch(() => {});
    return next;
}

// ---------------------------------------------------------------- the page's messages

const lock = deferred();               // this tab holds the saved games
let released = null;

function fromPage(message) {
    if (message.type === "lock") {
        lock.resolve(true);
    } else if (message.type === "release") {
        // another tab takes over: the save under way and the one waiting (this tab's
        // latest changes) finish, then nothing more is saved
        data.releasing = true;
        data.chain.then(() => {
            data.closed = "elsewhere";
            say("released");
        });
    } else if (message.type === "persisted") {
        self.companionStorage.persisted = message.persisted;
    }
}

// The saved games read as soon as this tab holds the lock, while Python and the
// client start; Python takes them when its page first asks (companionStorage.read;
// asked again, they are read again).
let savedGames = null;
let readEarly = true;
lock.promise.then(() => configReady).then(() => {
    if (config.mode !== "snapshot" && readEarly && !savedGames) {
        savedGames = readSavedGames();
        savedGames.catch(() => {});            // said when Python asks for them
    }
});

// What the Python side calls (companion/web/browser.py).
self.companionStorage = {
    persisted: null,
    hasLock: () => lock.promise,
    read: async () => {
        await lock.promise;
        stage("data");
        const pending = savedGames || readSavedGames();
        savedGames = null;
        readEarly = false;
        const saved = await pending;
        if (!saved || !saved.file.length) {
            return false;
        }
        Module.FS.writeFile(`${DATA_DIR}/${DATA_FILE}`, saved.file);
        if (saved.log) {
            Module.FS.writeFile(`${DATA_DIR}/${DATA_FILE}-wal`, saved.log);
        }
        return true;
    },
    save,
    summary: (json) => say("summary", { summary: JSON.parse(json) }),
    problem: (text) => say("problem", { text: text || null }),
    ready: () => say("ready"),
};

// ---------------------------------------------------------------- the start

async function snapshotWorker() {
    // The background worker: import, snapshot, keep, exit.
    const started = performance.now();
    const py = await startPython(null, true);
    py.runPython("import companion.web.browser as b; b.prepare(everything=True)");
    const handles = dlopenHandles(Module);
    const bytes = py.makeMemorySnapshot();
    await keepSnapshot(config.build, bytes, handles);
    say("snapshot", { size: bytes.length, seconds: (performance.now() - started) / 1000 });
}

async function appWorker() {
    stage("runtime");
    appFilesOnce();                    // the archive downloads and unpacks meanwhile
    let snapshot = await findSnapshot(config.build);
    stage(snapshot ? "snapshot" : "no-snapshot");
    let py;
    if (snapshot) {
        try {
            py = await startPython(snapshot, false);
            py.runPython("import companion.web.browser as b; b.restored()");
            stage("restored");
        } catch (error) {
            console.warn("companion: the Python snapshot did not restore; starting without it:", error);
            await dropSnapshots(null);
            snapshot = null;
            py = null;
        }
    }
    if (!py) {
        py = await startPython(null, false);
        stage("python");
    }
    say("python", { snapshot: Boolean(snapshot) });
    self.pyodide = py;                 // the console's (and a test's) way in
    py.registerJsModule("flet_js", self.flet_js);
    await py.runPythonAsync("import runpy; runpy.run_module('main', run_name='__main__')");
    if (typeof self.flet_js.start_connection !== "function") {
        throw new Error("the app did not start Flet");
    }
    const init = await fletInit.promise;
    self.flet_js.documentUrl = init.documentUrl;
    self.flet_js.args = init.args;
    await self.flet_js.start_connection((message) => {
        const bytes = message.toJs();
        self.postMessage(bytes, [bytes.buffer]);
    });
    for (const frame of fletQueue.splice(0)) {
        self.flet_js.send(frame);
    }
    self.postMessage("initialized");
    if (!snapshot) {
        say("no-snapshot");            // the page starts the snapshot worker once the app is up
    }
}

(async () => {
    await configReady;
    try {
        if (config.mode === "snapshot") {
            await snapshotWorker();
        } else {
            await appWorker();
        }
    } catch (error) {
        console.error("companion:", error);
        say("failed", { text: String(error && error.message || error) });
        if (config.mode !== "snapshot") {
            self.postMessage(String(error));   // Flet's page shows the worker's error
        }
    }
})();
