"""The shared simulator: chunks on processes (or a Dask cluster) with seeds derived from one master
seed, so the output never depends on ``--jobs``; a quiet progress bar; game records as YAML.
A pack's own statistics live in its folder."""
