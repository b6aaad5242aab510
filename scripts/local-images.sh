#!/usr/bin/env bash
# Builds stand-in images from Debian's packages, for machines that reach no image registry, and prints the
# variables that point the tests, the Dockerfile and docker-compose.yml at them:
#
#   eval "$(scripts/local-images.sh)"
#
# Where a registry is reachable, nothing of this is needed: the defaults are the public images (mysql:8.4,
# redis:7, node:20-bookworm, node:20-bookworm-slim, haproxy:2.6, minio/minio). The stand-ins honour what the tests and compose use from those:
#   mariadb  MYSQL_ROOT_PASSWORD / MYSQL_ALLOW_EMPTY_PASSWORD, MYSQL_DATABASE, MYSQL_USER / MYSQL_PASSWORD,
#            server options as arguments, mysqladmin for health checks, "port: 3306" logged when ready
#   redis    redis-server as the command with its options, "Ready to accept connections" logged when ready
#   node     node, npm and Node's headers (this machine's own Node.js), python3, make and g++ for native addons
#            (the Dockerfile's build stages: NODE_BUILD_IMAGE)
#   node slim node alone and a `node` user (uid 1000), the base of the app's image (NODE_IMAGE)
#   haproxy  Debian's HAProxy 2.6, started as the official image is: haproxy -f /usr/local/etc/haproxy/haproxy.cfg
#   s3       an S3 server (s3rver, scripts/s3-server.mjs) started as MinIO's image is: `server /data`, the keys
#            in MINIO_ROOT_USER / MINIO_ROOT_PASSWORD, port 9000 (MINIO_IMAGE)
# Each image is built once and kept by Docker (checked with `docker image inspect`); a change to this script
# rebuilds the images it touches (each image carries its recipe's hash as a label). Needs root, docker, debootstrap.
# Progress goes to stderr; stdout carries only the export lines. DEBIAN_MIRROR overrides the mirror.
set -euo pipefail

PREFIX=${LOCAL_IMAGE_PREFIX:-portal-local}
BASE_IMAGE="$PREFIX/debian:bookworm"
MARIADB_IMAGE="$PREFIX/mariadb:10.11"
REDIS_IMAGE_NAME="$PREFIX/redis:7"
NODE_IMAGE_NAME="$PREFIX/node:20-bookworm"
NODE_SLIM_IMAGE="$PREFIX/node:20-bookworm-slim"
HAPROXY_IMAGE_NAME="$PREFIX/haproxy:2.6"
S3_IMAGE="$PREFIX/s3:latest"
BASE_RECIPE=bookworm-minbase-1 # bump to rebuild the base (a debootstrap takes minutes; script edits do not)
log() { echo "local-images: $*" >&2; }
die() { echo "local-images: ERROR: $*" >&2; exit 1; }
fail_with() { tail -n 20 "$1" >&2; die "$2 (the log's last lines above)"; }

for tool in docker debootstrap chroot tar; do
  command -v "$tool" >/dev/null || die "$tool is not installed (apt-get install -y docker.io debootstrap)"
done
timeout 10 docker info >/dev/null 2>&1 || die "the Docker engine does not answer (start dockerd first)"
[ "$(id -u)" = 0 ] || die "debootstrap and chroot need root"

# The mirror this machine's apt uses (deb822 sources or the classic list), unless DEBIAN_MIRROR says otherwise.
mirror() {
  if [ -n "${DEBIAN_MIRROR:-}" ]; then echo "$DEBIAN_MIRROR"; return; fi
  local uri
  uri=$(grep -hs -E '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v -- '-security' | head -n1 || true)
  [ -n "$uri" ] || uri=$(grep -hs -E '^deb ' /etc/apt/sources.list | awk '{print $2}' | grep -v -- '-security' | head -n1 || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

# An image's recipe is the hash of the shell functions that build it: editing one rebuilds that image only.
recipe() { declare -f "$1" unpack_base in_root apt_install import_root | sha256sum | cut -c1-12; }
current() { # image present and built by this recipe
  [ "$(docker image inspect -f '{{ index .Config.Labels "portal.recipe" }}' "$1" 2>/dev/null)" = "$2" ]
}

WORK=$(mktemp -d /var/tmp/portal-local-images.XXXXXX)
ROOT="$WORK/root"
cleanup() {
  for m in proc dev/pts; do mountpoint -q "$ROOT/$m" 2>/dev/null && umount -l "$ROOT/$m"; done
  rm -rf "$WORK"
}
trap cleanup EXIT

# A fresh root folder holding the base image's files.
unpack_base() {
  rm -rf "$ROOT" && mkdir -p "$ROOT"
  local id
  id=$(docker create "$BASE_IMAGE" /bin/true)
  docker export "$id" | tar -C "$ROOT" -x
  docker rm "$id" >/dev/null
}

in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }

apt_install() {
  mount -t proc proc "$ROOT/proc"
  cp /etc/resolv.conf "$ROOT/etc/resolv.conf" # docker export leaves it empty
  # Services must not start inside the chroot.
  printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d" && chmod +x "$ROOT/usr/sbin/policy-rc.d"
  in_root apt-get update -qq -o APT::Update::Error-Mode=any >"$WORK/apt.log" 2>&1 ||
    fail_with "$WORK/apt.log" "apt-get update failed in the image root (mirror $(mirror))"
  in_root apt-get install -y -qq --no-install-recommends "$@" >"$WORK/apt.log" 2>&1 ||
    fail_with "$WORK/apt.log" "apt-get install $* failed in the image root"
  in_root apt-get clean
  rm -rf "$ROOT"/var/lib/apt/lists/* "$ROOT/usr/sbin/policy-rc.d"
  : >"$ROOT/etc/resolv.conf"
}

# docker import NAME with Dockerfile-like --change lines.
import_root() {
  local name=$1 recipe=$2; shift 2
  local args=(--change "LABEL portal.recipe=$recipe")
  for c in "$@"; do args+=(--change "$c"); done
  mountpoint -q "$ROOT/proc" && umount -l "$ROOT/proc"
  local previous
  previous=$(docker image inspect -f '{{.Id}}' "$name" 2>/dev/null || true)
  tar -C "$ROOT" -c . | docker import "${args[@]}" - "$name" >/dev/null || die "docker import $name failed"
  # The image this one replaces, unless a container still uses it.
  [ -n "$previous" ] && docker image rm "$previous" >/dev/null 2>&1 || true
  log "built $name"
}

build_base() {
  local url
  url=$(mirror)
  log "debootstrap bookworm from $url (a few minutes, once)"
  rm -rf "$ROOT" && mkdir -p "$ROOT"
  debootstrap --variant=minbase bookworm "$ROOT" "$url" >"$WORK/debootstrap.log" 2>&1 ||
    fail_with "$WORK/debootstrap.log" "debootstrap from $url failed"
  echo "deb $url bookworm main" >"$ROOT/etc/apt/sources.list"
  rm -rf "$ROOT"/var/cache/apt/archives/*.deb "$ROOT"/var/lib/apt/lists/*
  import_root "$BASE_IMAGE" "$BASE_RECIPE" 'CMD ["/bin/bash"]'
}

build_mariadb() {
  log "building $MARIADB_IMAGE"
  unpack_base
  apt_install mariadb-server mariadb-client
  cat >"$ROOT/etc/mysql/mariadb.conf.d/99-container.cnf" <<'CNF'
[mariadbd]
bind-address = 0.0.0.0
skip-name-resolve
character-set-server = utf8mb4
collation-server = utf8mb4_unicode_ci
CNF
  # A data folder made at build time makes the start take about a second.
  rm -rf "$ROOT/var/lib/mysql" && mkdir -p "$ROOT/var/lib/mysql" "$ROOT/run/mysqld"
  printf '127.0.0.1 localhost\n' >"$ROOT/etc/hosts" # docker export leaves it empty; install-db looks it up
  in_root mariadb-install-db --user=mysql --datadir=/var/lib/mysql --auth-root-authentication-method=normal --skip-name-resolve \
    --skip-test-db >"$WORK/install-db.log" 2>&1 || fail_with "$WORK/install-db.log" "mariadb-install-db failed"
  in_root chown -R mysql:mysql /var/lib/mysql /run/mysqld
  cat >"$ROOT/usr/local/bin/docker-entrypoint.sh" <<'SH'
#!/bin/bash
# Stand-in for the official mysql image's entry point: the same variables, server options as arguments.
set -eo pipefail
if [ "${1:0:1}" = '-' ]; then set -- mariadbd "$@"; fi
if [ "$1" != mariadbd ] && [ "$1" != mysqld ]; then exec "$@"; fi
shift
if [ -z "${MYSQL_ROOT_PASSWORD:-}" ] && [ -z "${MYSQL_ALLOW_EMPTY_PASSWORD:-}" ]; then
  echo "[ERROR] [Entrypoint]: Database is uninitialized and password option is not specified" >&2
  echo "    You need to specify one of MYSQL_ROOT_PASSWORD or MYSQL_ALLOW_EMPTY_PASSWORD" >&2
  exit 1
fi
q() { printf "%s" "$1" | sed "s/'/''/g; s/\\\\/\\\\\\\\/g"; }
init=/run/mysqld/init.sql
{
  pw=$(q "${MYSQL_ROOT_PASSWORD:-}")
  # As in the official image: root@localhost and root@% only (install-db adds 127.0.0.1, ::1 and its host).
  echo "DELETE FROM mysql.global_priv WHERE User = '' OR (User = 'root' AND Host NOT IN ('localhost', '%'));"
  echo "DELETE FROM mysql.proxies_priv WHERE Host NOT IN ('localhost', '%');"
  echo "FLUSH PRIVILEGES;"
  echo "CREATE USER IF NOT EXISTS 'root'@'%';"
  echo "ALTER USER 'root'@'localhost' IDENTIFIED BY '$pw';"
  echo "ALTER USER 'root'@'%' IDENTIFIED BY '$pw';"
  echo "GRANT ALL ON *.* TO 'root'@'%' WITH GRANT OPTION;"
  if [ -n "${MYSQL_DATABASE:-}" ]; then
    echo "CREATE DATABASE IF NOT EXISTS \`${MYSQL_DATABASE//\`/}\`;"
  fi
  if [ -n "${MYSQL_USER:-}" ] && [ -n "${MYSQL_PASSWORD:-}" ]; then
    echo "CREATE USER IF NOT EXISTS '$(q "$MYSQL_USER")'@'%';"
    echo "ALTER USER '$(q "$MYSQL_USER")'@'%' IDENTIFIED BY '$(q "$MYSQL_PASSWORD")';"
    [ -n "${MYSQL_DATABASE:-}" ] && echo "GRANT ALL ON \`${MYSQL_DATABASE//\`/}\`.* TO '$(q "$MYSQL_USER")'@'%';"
  fi
  echo "FLUSH PRIVILEGES;"
} >"$init"
mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld "$init"
if [ ! -d /var/lib/mysql/mysql ]; then
  chown -R mysql:mysql /var/lib/mysql
  mariadb-install-db --user=mysql --datadir=/var/lib/mysql --auth-root-authentication-method=normal --skip-name-resolve --skip-test-db >/dev/null
fi
exec mariadbd --user=mysql --init-file="$init" "$@"
SH
  chmod +x "$ROOT/usr/local/bin/docker-entrypoint.sh"
  import_root "$MARIADB_IMAGE" "$(recipe build_mariadb)" 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' 'CMD ["mariadbd"]' \
    'EXPOSE 3306' 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
}

build_redis() {
  log "building $REDIS_IMAGE_NAME"
  unpack_base
  apt_install redis-server
  cat >"$ROOT/usr/local/bin/docker-entrypoint.sh" <<'SH'
#!/bin/sh
# Stand-in for the official redis image's entry point: options alone run redis-server, and without a
# config file protected mode is off (the container's network is the boundary).
set -e
if [ $# -eq 0 ] || [ "${1#-}" != "$1" ]; then set -- redis-server "$@"; fi
if [ "$1" = redis-server ]; then
  case " $* " in *" --protected-mode "*) ;; *) set -- "$@" --protected-mode no ;; esac
  case " $* " in *" --bind "*) ;; *) set -- "$@" --bind 0.0.0.0 ;; esac
  case " $* " in *" --dir "*) ;; *) set -- "$@" --dir /data ;; esac
fi
mkdir -p /data
exec "$@"
SH
  chmod +x "$ROOT/usr/local/bin/docker-entrypoint.sh"
  import_root "$REDIS_IMAGE_NAME" "$(recipe build_redis)" 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' 'CMD ["redis-server"]' \
    'EXPOSE 6379' 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
}

build_node() {
  log "building $NODE_IMAGE_NAME"
  local node npm_dir
  node=$(readlink -f "$(command -v node)")
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  [ -x "$node" ] && [ -f "$npm_dir/bin/npm-cli.js" ] || die "node and npm must be installed on this machine"
  unpack_base
  apt_install ca-certificates python3 make g++
  # This machine's own Node.js (Debian's is too old) and the certificates it trusts.
  cp "$node" "$ROOT/usr/local/bin/node"
  mkdir -p "$ROOT/usr/local/lib/node_modules"
  cp -a "$npm_dir" "$ROOT/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOT/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOT/usr/local/bin/npx"
  # Node's headers, so that node-gyp builds native addons (better-sqlite3) without downloading them.
  local headers
  headers=$(dirname "$(dirname "$node")")/include/node
  [ -f "$headers/node.h" ] || die "Node's headers are not at $headers (node-gyp needs them)"
  mkdir -p "$ROOT/usr/local/include" && cp -a "$headers" "$ROOT/usr/local/include/node"
  if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
    in_root update-ca-certificates >/dev/null 2>&1
  fi
  import_root "$NODE_IMAGE_NAME" "$(recipe build_node)" 'CMD ["node"]' \
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' 'ENV npm_config_nodedir=/usr/local'
}

build_node_slim() {
  log "building $NODE_SLIM_IMAGE"
  unpack_base
  apt_install ca-certificates
  cp "$(readlink -f "$(command -v node)")" "$ROOT/usr/local/bin/node"
  # The official image's user, which the app's image runs as.
  in_root groupadd --gid 1000 node
  in_root useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  # Documentation and translations: nothing runs them, and the app's image is kept small.
  rm -rf "$ROOT"/usr/share/doc/* "$ROOT"/usr/share/man/* "$ROOT"/usr/share/info/* "$ROOT"/usr/share/locale/*
  import_root "$NODE_SLIM_IMAGE" "$(recipe build_node_slim)" 'CMD ["node"]' \
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt'
}

build_haproxy() {
  log "building $HAPROXY_IMAGE_NAME"
  unpack_base
  apt_install haproxy
  mkdir -p "$ROOT/usr/local/etc/haproxy"
  import_root "$HAPROXY_IMAGE_NAME" "$(recipe build_haproxy)" \
    'CMD ["haproxy", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]' \
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
}

# s3rver's version from the lock file (the one the tests use), installed into the Node stand-in.
s3_recipe() { { recipe build_s3; sha256sum "$(dirname "$0")/s3-server.mjs"; } | sha256sum | cut -c1-12; }
build_s3() {
  log "building $S3_IMAGE"
  local here version
  here=$(cd "$(dirname "$0")" && pwd)
  version=$(node -p "require('$here/../package-lock.json').packages['node_modules/s3rver'].version")
  mkdir -p "$WORK/s3" && cp "$here/s3-server.mjs" "$WORK/s3/"
  cat >"$WORK/s3/Dockerfile" <<DOCKERFILE
FROM $NODE_IMAGE_NAME
WORKDIR /s3
RUN echo '{"type":"module","private":true}' >package.json \\
    && npm install --omit=dev --no-audit --no-fund s3rver@$version && npm cache clean --force
COPY s3-server.mjs ./
EXPOSE 9000
ENTRYPOINT ["node", "/s3/s3-server.mjs"]
CMD ["server", "/data"]
DOCKERFILE
  docker build -q --label "portal.recipe=$(s3_recipe)" -t "$S3_IMAGE" "$WORK/s3" >"$WORK/s3.log" 2>&1 ||
    fail_with "$WORK/s3.log" "docker build $S3_IMAGE failed"
  log "built $S3_IMAGE"
}

started=$(date +%s)
current "$BASE_IMAGE" "$BASE_RECIPE" || build_base
current "$MARIADB_IMAGE" "$(recipe build_mariadb)" || build_mariadb
current "$REDIS_IMAGE_NAME" "$(recipe build_redis)" || build_redis
current "$NODE_IMAGE_NAME" "$(recipe build_node)" || build_node
current "$NODE_SLIM_IMAGE" "$(recipe build_node_slim)" || build_node_slim
current "$HAPROXY_IMAGE_NAME" "$(recipe build_haproxy)" || build_haproxy
current "$S3_IMAGE" "$(s3_recipe)" || build_s3
log "images ready ($(($(date +%s) - started))s)"

echo "export MYSQL_IMAGE=$MARIADB_IMAGE"
echo "export REDIS_IMAGE=$REDIS_IMAGE_NAME"
echo "export NODE_BUILD_IMAGE=$NODE_IMAGE_NAME"
echo "export NODE_IMAGE=$NODE_SLIM_IMAGE"
echo "export HAPROXY_IMAGE=$HAPROXY_IMAGE_NAME"
echo "export MINIO_IMAGE=$S3_IMAGE"
