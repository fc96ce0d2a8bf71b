"""The addresses a room can open when ``memtui serve`` listens on every address.

``0.0.0.0`` (or ``::``) is where a server listens, not an address to type: from another
machine it means nothing, and browsers refuse it (newuser27 #25). What the room can use is
the machine's name and its own addresses, found without a packet sent: the name's
addresses, and the one this machine would send from (a UDP socket "connected" to a
documentation address sends nothing).
"""

from __future__ import annotations

import ipaddress
import socket

#: Addresses reserved for documentation (RFC 5737, RFC 3849): a route is looked up for them,
#: nothing is sent.
_PROBES = {socket.AF_INET: "198.51.100.1", socket.AF_INET6: "2001:db8::1"}


def is_wildcard(host: str) -> bool:
    """Whether ``host`` means every address of the machine (``0.0.0.0``, ``::``)."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def machine_addresses(host: str) -> list[str]:
    """This machine's addresses of the family of ``host`` (a wildcard), loopback left out,
    the one it sends from first."""
    families = [socket.AF_INET] if ":" not in host else [socket.AF_INET6, socket.AF_INET]
    found: list[str] = []
    for family in families:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((_PROBES[family], 9))
                found.append(probe.getsockname()[0])
        except OSError:
            pass
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, family, socket.SOCK_STREAM)
        except OSError:
            infos = []
        found += [str(info[4][0]) for info in infos]
    return [a for a in dict.fromkeys(found)
            if not ipaddress.ip_address(a.split("%")[0]).is_loopback]


def room_hosts(host: str) -> list[str]:
    """What a room can type for a server on ``host``: for a wildcard, the machine's name
    and its addresses (IPv6 in brackets); else ``host`` itself."""
    if not is_wildcard(host):
        return [host]
    names = [socket.gethostname(), *machine_addresses(host)]
    return [f"[{n}]" if ":" in n else n for n in dict.fromkeys(n for n in names if n)]
