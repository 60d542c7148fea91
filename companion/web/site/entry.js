// The client's code loader (companion.web.build writes it as main.dart.js). The site
// keeps the client's code (the build Flutter's loader takes where skwasm cannot run:
// Safari, Firefox, an older Chrome) gzipped, as main.dart.js.gz, and Flutter's loader
// runs main.dart.js by a script tag, which cannot unpack. A page the site's service
// worker controls never sees this file: the service worker answers main.dart.js with
// the code itself, unpacked into its cache. A page it does not control yet (the first
// visit, a browser without one) runs this: the code fetched, unpacked as it arrives and
// run in its place; it then tells Flutter's loader it is there, as it would have.
(function () {
    "use strict";
    /*__UNPACK__*/
    fetchUnpacked(fetch, new URL("./", document.currentScript.src).href, "main.dart.js")
        .then((response) => {
            if (!response.ok) {
                throw new Error(`HTTP ${response.status} ${response.url}`);
            }
            return response.blob();
        })
        .then((blob) => {
            const script = document.createElement("script");
            script.src = URL.createObjectURL(new Blob([blob], { type: "text/javascript" }));
            script.onload = () => URL.revokeObjectURL(script.src);
            document.head.append(script);
        })
        .catch((error) => console.error("companion: the client's code did not load:", error));
})();
