# Sourced by the scripts of games/distributed: makes the virtual
# environment of Dask and distributed (target/distributed-venv) once, from
# python3 and the pins of requirements.txt, and sets `venv_python` to its
# python. One left over that no longer runs its pip is made again, and the
# pins are installed again when they change (the environment keeps a copy
# of those it has). python3's venv module comes from Debian (python3-venv,
# which games/clients/install installs).
distributed_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repository_root="$(cd "$distributed_dir/../.." && pwd)"
venv="$repository_root/target/distributed-venv"
if ! "$venv/bin/python" -m pip --version >/dev/null 2>&1; then
    rm -rf "$venv"
    python3 -m venv "$venv"
fi
if ! cmp -s "$distributed_dir/requirements.txt" "$venv/requirements.txt"; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        -r "$distributed_dir/requirements.txt"
    cp "$distributed_dir/requirements.txt" "$venv/requirements.txt"
fi
venv_python="$venv/bin/python"
