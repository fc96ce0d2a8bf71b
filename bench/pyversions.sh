#!/usr/bin/env bash
# The suite on the Pythons this Debian machine lacks, in a chroot: 3.12 from Ubuntu 24.04
# (noble), which Debian does not package; 3.13 and later from Debian unstable (sid).
#
#   bash bench/pyversions.sh [VERSION ...]     # as root; default: 3.13 3.14
#
# Builds each chroot it needs with debootstrap once (about 3 minutes): /work/chroot-sid, and
# for 3.12 /work/chroot-noble (main and universe, with noble-updates; debootstrap has no
# noble script, so it uses gutsy's, as for every Ubuntu suite; the archive's key comes from
# the ubuntu-keyring package, on the host, or else Debian unstable's in the sid chroot).
# Installs python3.X, python3.X-venv and python3.X-dev for each VERSION there, makes
# /work/venvX.Y inside it with memtui's dependencies and test extras (pip install ".[test]",
# as .ci/run does), mounts this checkout at /work/memtui inside it, and runs the whole suite
# with each version in turn (nice -n 10), one at a time. Results: bench/RESULTS.md,
# "Python 3.11 to 3.15". Not part of .ci/run: see there why.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SID=${MEMTUI_CHROOT:-/work/chroot-sid}
NOBLE=${MEMTUI_CHROOT_NOBLE:-/work/chroot-noble}
UBUNTU=http://archive.ubuntu.com/ubuntu
KEYRING=/usr/share/keyrings/ubuntu-archive-keyring.gpg
PACKAGES=tmux,git,ca-certificates,gcc,libc6-dev
VERSIONS=("$@")
[ ${#VERSIONS[@]} -gt 0 ] || VERSIONS=(3.13 3.14)

# The host's resolver, certificate authorities and apt settings (an expired Release file of
# a mirror snapshot is accepted as on the host), then the mounts the suite needs.
prepare() {
  local C=$1
  cp /etc/resolv.conf "$C/etc/"
  mkdir -p "$C/usr/local/share/ca-certificates" "$C/work/memtui"
  cp /usr/local/share/ca-certificates/*.crt "$C/usr/local/share/ca-certificates/" 2>/dev/null || true
  cp /etc/apt/apt.conf.d/* "$C/etc/apt/apt.conf.d/" 2>/dev/null || true
  [ -f /etc/pip.conf ] && cp /etc/pip.conf "$C/etc/"
  mountpoint -q "$C/proc" || mount -t proc proc "$C/proc"      # tests read /proc/self/status
  mountpoint -q "$C/dev" || mount --rbind /dev "$C/dev"         # /dev/full, ptys for tmux
  mountpoint -q "$C/work/memtui" || mount --bind "$ROOT" "$C/work/memtui"
  chroot "$C" update-ca-certificates >/dev/null
  chroot "$C" apt-get update -qq
}

sid() {
  if [ ! -x "$SID/usr/bin/apt-get" ]; then
    command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap
    debootstrap --variant=minbase --include=$PACKAGES sid "$SID" http://deb.debian.org/debian
  fi
  prepare "$SID"
}

noble() {
  if [ ! -x "$NOBLE/usr/bin/apt-get" ]; then
    command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap
    local key=$KEYRING
    if [ ! -f "$key" ] && ! apt-get install -y -qq ubuntu-keyring 2>/dev/null; then
      sid
      chroot "$SID" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        --no-install-recommends ubuntu-keyring >/dev/null
      key=$SID$KEYRING
    fi
    debootstrap --variant=minbase --components=main,universe --include=$PACKAGES \
      --keyring "$key" noble "$NOBLE" "$UBUNTU" /usr/share/debootstrap/scripts/gutsy
    printf 'deb %s %s main universe\n' "$UBUNTU" noble "$UBUNTU" noble-updates \
      >"$NOBLE/etc/apt/sources.list"
  fi
  prepare "$NOBLE"
}

status=0
sid_ready="" noble_ready=""
for v in "${VERSIONS[@]}"; do
  if [ "$v" = 3.12 ]; then
    C=$NOBLE; [ -n "$noble_ready" ] || { noble; noble_ready=1; }
  else
    C=$SID; [ -n "$sid_ready" ] || { sid; sid_ready=1; }
  fi
  chroot "$C" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends "python$v" "python$v-venv" "python$v-dev" >/dev/null
  if [ ! -x "$C/work/venv$v/bin/python" ]; then
    chroot "$C" "python$v" -m venv "/work/venv$v"
    # From a copy: pip builds memtui in the tree it is given, and this one is the checkout.
    rm -rf "$C/tmp/memtui-src" && cp -r "$ROOT" "$C/tmp/memtui-src" && rm -rf "$C/tmp/memtui-src/.venv"
    chroot "$C" env -i PATH=/usr/bin:/bin HOME=/root "/work/venv$v/bin/pip" install -q \
      --disable-pip-version-check "/tmp/memtui-src[test]"
    chroot "$C" "/work/venv$v/bin/pip" uninstall -q -y memtui  # the mounted checkout runs
  fi
  echo "== Python $v: $(chroot "$C" "python$v" -VV)"
  chroot "$C" env -i PATH="/work/venv$v/bin:/usr/bin:/bin" HOME=/root LANG=C.UTF-8 \
    TERM=xterm-256color PYTHONPATH=/work/memtui bash -c \
    "cd /work/memtui && nice -n 10 python -m pytest -q -p no:cacheprovider -rfEs" || status=1
done
exit $status
