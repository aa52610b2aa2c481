"""The interactive API documentation (``seedbed serve --api-docs``): Swagger UI at /docs, from
the ``swagger-ui-bundle`` package's files served by this server. Nothing is loaded from a CDN
and the page runs no inline script, so it lives under the same Content-Security-Policy as the
rest of the site (only its styles are relaxed: Swagger UI sets inline styles)."""

from __future__ import annotations

from pathlib import Path

import swagger_ui_bundle
from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response

from seedbed.server.guard import CONTENT_SECURITY_POLICY
from seedbed.server.web import Revalidated

ASSETS = "/api-docs/assets"
PAGE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>seedbed API</title>
<link rel="stylesheet" href="{ASSETS}/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="{ASSETS}/swagger-ui-bundle.js"></script>
<script src="/api-docs/init.js"></script></body></html>
"""
INIT = 'window.ui = SwaggerUIBundle({url: "/openapi.json", dom_id: "#swagger-ui"});\n'
DOCS_POLICY = CONTENT_SECURITY_POLICY.replace(
    "style-src 'self'", "style-src 'self' 'unsafe-inline'"
)


def add_api_docs(app: FastAPI) -> None:
    """Serve /docs and its assets."""
    app.mount(ASSETS, Revalidated(directory=Path(swagger_ui_bundle.swagger_ui_path)), "api-docs")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(PAGE, headers={"content-security-policy": DOCS_POLICY})

    @app.get("/api-docs/init.js", include_in_schema=False)
    async def init() -> Response:
        return Response(INIT, media_type="text/javascript")
