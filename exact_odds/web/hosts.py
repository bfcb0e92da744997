"""Which host names the ``serve`` page answers to: one rule for the address it listens on and the requests it takes.

A page served on this machine's loopback interface (``--host`` 127.0.0.1, any other 127.x.y.z, ::1 or
localhost) answers only requests whose ``Host:`` names a loopback address too, so that a page elsewhere
cannot reach it through a name of its own that resolves here (DNS rebinding). The command's check of
``--host`` and the app's check of each request both ask :func:`is_loopback`: they cannot disagree (they did:
``--host 127.0.0.2`` served, and refused every request). No web import here.
"""

from __future__ import annotations

import ipaddress


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or address, IPv6 with or without brackets) is reached from this machine alone:
    ``localhost`` (and its subdomains, RFC 6761), 127.0.0.0/8 or ::1 (and IPv4-mapped loopback)."""
    host = host.strip().rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host[1:-1] if host.startswith("[") and host.endswith("]") else host)
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_loopback or (mapped is not None and mapped.is_loopback)


def host_of(header: str) -> str:
    """The host of a ``Host:`` header, its port taken off: ``127.0.0.2:8000`` → ``127.0.0.2``,
    ``[::1]:8000`` → ``::1``, ``localhost`` → ``localhost``."""
    header = header.strip()
    if header.startswith("["):
        end = header.find("]")
        return header[1:end] if end > 0 else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header
