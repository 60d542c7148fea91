// companion's service worker (companion.web.build writes it into the site as sw.js).
//
// Every file of the site is cached under its content's hash (FILES: address → hash),
// so the app starts offline, from the home screen too. The biggest files the site keeps
// gzipped (PACKED, as `<path>.gz`): they are fetched so and kept unpacked, under their
// own address, so that the page and the engine compile them from the cache as they
// would any file (and the browser keeps their compiled code). A new build brings a new
// sw.js (its list changed); installing it copies every file whose hash is the same
// from the cache it had and downloads only the others, each checked against its hash
// (a host or proxy that hands back an older copy is asked again, bypassing caches).
// The client comes in two builds (RENDERERS: skwasm, CanvasKit), of which Flutter's
// loader takes one; the page names it in this script's address (sw.js?renderer=…, see
// page.js), and only its files are downloaded at install: the other's are cached when
// first asked for, as LATER files are.
// LATER files are in the site but not downloaded at install: cached when first
// asked for (the CJK fonts, needed only once a CJK name appears; Flutter's licence
// text), except AFTER_START files (printing's modules and faces): the page asks for
// those once the app is up ("after-start"), so that a phone that visited once prints
// offline too, without their weight in the first start. A CJK character drawn before the app registered its CJK fonts makes Flutter
// ask for a Noto font of its own (assets/fonts/notosans…/): answered with the site's.
//
// Every file it answers with carries the headers that make the page cross-origin
// isolated (ISOLATION: a static host need not send them), as `companion serve` makes
// its page: from the second start on (the first page is not the service worker's),
// Flutter's skwasm then draws on a thread of its own instead of the page's main
// thread, which also takes the taps and the Python worker's messages (a tap drawn in
// about two thirds of the time: bench/web.py's taps). A host that reads the site's
// _headers file (Netlify, Cloudflare Pages) sends them itself, the first page included.
// The site asks for nothing from another origin, which such a page may not load.
"use strict";

const BUILD = "__BUILD__";
const FILES = __FILES__;
const LATER = __LATER__;
const AFTER_START = __AFTER_START__;
const RENDERERS = __RENDERERS__;
// the files the site keeps gzipped (as `<path>.gz`): fetched so, kept unpacked (unpack.js)
const PACKED = new Set(__PACKED__);
const RENDERER = new URL(self.location.href).searchParams.get("renderer") in RENDERERS ?
    new URL(self.location.href).searchParams.get("renderer") : "canvaskit";
// the other renderer's files: not downloaded at install
const UNUSED = new Set(Object.entries(RENDERERS).filter(([name]) => name !== RENDERER).flatMap(([, files]) => files));
const PREFIX = "companion-site-";
const CACHE = PREFIX + BUILD;

const scope = new URL(self.registration.scope);
const address = (path) => new URL(path, scope).href;
const known = new Map(Object.entries({ ...FILES, ...LATER }).map(([path, hash]) => [address(path), hash]));

async function sha256(buffer) {
    const digest = await crypto.subtle.digest("SHA-256", buffer);
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/*__UNPACK__*/

// The file at `path` with content `hash` from the host (a packed one's `.gz`, unpacked),
// its copy checked, once more past every cache if stale.
async function fetchChecked(path, hash) {
    const packed = PACKED.has(path);
    const stored = packed ? `${path}.gz` : path;
    for (const mode of ["no-cache", "reload"]) {
        const url = mode === "reload" ? `${address(stored)}?v=${hash}` : address(stored);
        let response = await fetch(url, { cache: mode });
        if (!response.ok) {
            throw new Error(`${path}: HTTP ${response.status}`);
        }
        if (packed) {
            response = await unpackedResponse(response, path);
        }
        const body = await response.clone().arrayBuffer();
        if ((await sha256(body)).startsWith(hash)) {
            return new Response(body, { headers: response.headers });
        }
    }
    throw new Error(`${path}: the host serves other bytes than this build's`);
}

async function fromOlder(url, hash) {
    for (const key of await caches.keys()) {
        if (!key.startsWith(PREFIX) || key === CACHE) {
            continue;
        }
        const cache = await caches.open(key);
        const hit = await cache.match(url);
        if (hit && hit.headers.get("X-Companion-Hash") === hash) {
            return hit;
        }
    }
    return null;
}

function keyed(response, hash) {
    const headers = new Headers(response.headers);
    headers.set("X-Companion-Hash", hash);
    return response.blob().then((body) => new Response(body, { status: 200, headers }));
}

self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(CACHE);
        await Promise.all(Object.entries(FILES).filter(([path]) => !UNUSED.has(path)).map(async ([path, hash]) => {
            const url = address(path);
            const have = await cache.match(url);
            if (have && have.headers.get("X-Companion-Hash") === hash) {
                return;
            }
            const older = await fromOlder(url, hash);
            await cache.put(url, older || await keyed(await fetchChecked(path, hash), hash));
        }));
        // the later files (and the other renderer's) an older build had already fetched
        const later = [...Object.entries(LATER), ...Object.entries(FILES).filter(([path]) => UNUSED.has(path))];
        await Promise.all(later.map(async ([path, hash]) => {
            const older = await fromOlder(address(path), hash);
            if (older) {
                await cache.put(address(path), older);
            }
        }));
        await self.skipWaiting();
    })());
});

self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        for (const key of await caches.keys()) {
            // an older build's files, and the caches of builds before per-file caching
            if ((key.startsWith(PREFIX) && key !== CACHE) || /^companion-[0-9a-f]{16}$/.test(key)) {
                await caches.delete(key);
            }
        }
        await self.clients.claim();
    })());
});

// The page's app is up: printing's files into the cache, one after another in the
// background (a file already there, or one that fails now, is asked for again when used).
async function keepAfterStart() {
    const cache = await caches.open(CACHE);
    for (const path of AFTER_START) {
        const url = address(path);
        const hash = known.get(url);
        if (!hash || await cache.match(url)) {
            continue;
        }
        try {
            await cache.put(url, await keyed(await fetchChecked(path, hash), hash));
        } catch (e) {
            console.warn("companion: not kept for later:", path, e);
        }
    }
}

self.addEventListener("message", (event) => {
    if (event.data === "after-start") {
        event.waitUntil(keepAfterStart());
    }
});

const ISOLATION = __ISOLATION__;

// `response` with the headers of a cross-origin isolated page (its body passed on as it streams).
function isolated(response) {
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(ISOLATION)) {
        headers.set(name, value);
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// Flutter's own CJK fallback fonts → the site's CJK fonts.
const NOTO_CJK = /\/assets\/fonts\/notosans(sc|tc|hk|jp|kr)\//;
const CJK_FONTS = { kr: "fonts/NanumSquareR.ttf", other: "fonts/DroidSansFallbackFull.ttf" };

self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET" || new URL(request.url).origin !== scope.origin) {
        return;
    }
    let url = request.mode === "navigate" ? address("./") : request.url.split(/[?#]/)[0];
    const noto = url.match(NOTO_CJK);
    if (noto) {
        url = address(CJK_FONTS[noto[1] === "kr" ? "kr" : "other"]);
    }
    const hash = known.get(url);
    if (!hash) {
        return;                                   // not a file of this site: the network's
    }
    event.respondWith((async () => {
        const cache = await caches.open(CACHE);
        const hit = await cache.match(url);
        if (hit) {
            return isolated(hit);
        }
        const path = url.slice(scope.href.length) || "./";
        const response = await keyed(await fetchChecked(path, hash), hash);
        await cache.put(url, response.clone());
        return isolated(response);
    })());
});
