"""Per-connection guards: a token-bucket rate limit, and a logging filter that keeps seat
tokens out of every log line (uvicorn logs WebSocket paths with their query string).

>>> bucket = TokenBucket(rate=30, burst=2, clock=lambda: 0.0)
>>> bucket.allow(), bucket.allow(), bucket.allow()
(True, True, False)
>>> redact("GET /ws/tables/ab?token=s3cret&x=1")
'GET /ws/tables/ab?token=[redacted]&x=1'
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable

_TOKEN = re.compile(r"(token=)[^&\s\"']*")


class TokenBucket:
    """``rate`` messages per second on average, bursts of ``burst``."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()

    def allow(self) -> bool:
        """Take one token if there is one."""
        t = self.clock()
        self.tokens = min(self.burst, self.tokens + (t - self.last) * self.rate)
        self.last = t
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def credit(self) -> None:
        """Give back one message (up to the burst): the server sent something to answer."""
        self.tokens = min(self.burst, self.tokens + 1.0)


def redact(text: str) -> str:
    """``text`` with every ``token=…`` value hidden."""
    return _TOKEN.sub(r"\1[redacted]", text)


class RedactTokens(logging.Filter):
    """Rewrites a record's message and arguments so no seat token reaches a handler."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "seedbed")


def install_redaction() -> None:
    """Attach the filter to the server's loggers (once)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
