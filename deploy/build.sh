#!/usr/bin/env bash
# Builds the images from the repository root and prints their sizes:
#   quarry-api (also the worker), quarry-shell, quarry-mf-<remote> for each of the five remotes.
#
#   deploy/build.sh                      all images, FROM docker.io/library/node:24-bookworm-slim
#   deploy/build.sh mf-files             one image (any of: api shell mf-marketing mf-files
#                                        mf-prompts-schemas mf-jobs mf-admin)
# Environment: BASE_IMAGE (the Node LTS base), TAG (latest), CONTAINER_ENGINE (podman or
# docker), CONTEXT (the source tree, default this repository), BUILD_FLAGS (extra flags).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CONTEXT="${CONTEXT:-$ROOT}"
BASE_IMAGE="${BASE_IMAGE:-docker.io/library/node:24-bookworm-slim}"
ENGINE="${CONTAINER_ENGINE:-podman}"
TAG="${TAG:-latest}"
# podman writes OCI images by default, which drop HEALTHCHECK: ask for the docker format
FLAGS=(); [ "$ENGINE" = podman ] && FLAGS+=(--format docker)
# shellcheck disable=SC2206
FLAGS+=(${BUILD_FLAGS:-})
ALL=(api shell mf-marketing mf-files mf-prompts-schemas mf-jobs mf-admin)
TARGETS=("$@"); [ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL[@]}")

for t in "${TARGETS[@]}"; do
  case "$t" in
    api) args=(-f "$CONTEXT/deploy/api/Containerfile") ;;
    shell) args=(-f "$CONTEXT/deploy/shell/Containerfile") ;;
    mf-marketing | mf-files | mf-prompts-schemas | mf-jobs | mf-admin) args=(-f "$CONTEXT/deploy/remote/Containerfile" --build-arg "REMOTE=$t") ;;
    *) echo "build: unknown image '$t' (one of: ${ALL[*]})" >&2; exit 2 ;;
  esac
  started=$(date +%s)
  echo "build: quarry-$t:$TAG …"
  "$ENGINE" build "${FLAGS[@]}" --build-arg "BASE_IMAGE=$BASE_IMAGE" "${args[@]}" -t "quarry-$t:$TAG" "$CONTEXT" >"${BUILD_LOG_DIR:-/tmp}/quarry-build-$t.log" 2>&1 \
    || { tail -30 "${BUILD_LOG_DIR:-/tmp}/quarry-build-$t.log"; echo "build: quarry-$t failed (log: ${BUILD_LOG_DIR:-/tmp}/quarry-build-$t.log)" >&2; exit 1; }
  echo "build: quarry-$t:$TAG done in $(( $(date +%s) - started )) s"
done

echo "image sizes (uncompressed):"
for t in "${TARGETS[@]}"; do
  bytes=$("$ENGINE" image inspect --format '{{.Size}}' "quarry-$t:$TAG")
  printf '  %-28s %6.1f MB\n' "quarry-$t:$TAG" "$(echo "$bytes" | awk '{print $1/1e6}')"
done
