// companion's packed files (companion.web.build writes this into the page script, the
// Python worker, the service worker and the client's loader: each unpacks what it fetches).
//
// The site keeps its biggest files gzipped, as `<path>.gz` (build.PACKED): the folder
// is half the size, and a host that does not compress (a laptop's `python -m
// http.server` at the table) sends half the bytes. Whoever fetches one unpacks it as it
// arrives (DecompressionStream: no service worker needed), typed as the file itself (a
// WebAssembly module must say so to be compiled while it streams). A host that decoded
// the `.gz` on its way (one that sends it with Content-Encoding: gzip) is passed on as
// it came: the first two bytes say which.
const PACKED_TYPES = { wasm: "application/wasm", js: "text/javascript" };

function packedType(path) {
    return PACKED_TYPES[path.slice(path.lastIndexOf("/") + 1).split(".").pop()] || "text/plain; charset=utf-8";
}

// `response` (the `.gz` of `path`) as the response for `path` itself.
async function unpackedResponse(response, path) {
    if (!response.ok || !response.body) {
        return response;
    }
    const reader = response.body.getReader();
    let head = new Uint8Array(0);
    let ended = false;
    while (head.length < 2 && !ended) {
        const part = await reader.read();
        ended = part.done;
        if (part.value && part.value.length) {
            const joined = new Uint8Array(head.length + part.value.length);
            joined.set(head);
            joined.set(part.value, head.length);
            head = joined;
        }
    }
    const body = new ReadableStream({
        start(controller) {
            if (head.length) {
                controller.enqueue(head);
            }
        },
        async pull(controller) {
            const part = ended ? { done: true } : await reader.read();
            if (part.done) {
                controller.close();
            } else {
                controller.enqueue(part.value);
            }
        },
        cancel(reason) {
            return reader.cancel(reason);
        },
    });
    const gzipped = head[0] === 0x1f && head[1] === 0x8b;
    return new Response(gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body,
        { status: 200, headers: { "Content-Type": packedType(path) } });
}

// File `path` of the site whose folder is at `site`, fetched (with `fetchAsIs`) as its
// `.gz` and unpacked.
function fetchUnpacked(fetchAsIs, site, path) {
    return fetchAsIs(new URL(`${path}.gz`, site).href).then((response) => unpackedResponse(response, path));
}
