"""companion as a static site that runs in the browser, offline: the builder
(:mod:`companion.web.build`, ``companion build web``) and the entry point the site's
Python runs (:mod:`companion.web.browser`)."""
