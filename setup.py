"""Build the Cython core; everything else lives in pyproject.toml.

After the extensions are compiled, the decomposer writes its lookup tables to a file beside itself
(``scorer/_fast_tables.bin``), so that importing it reads them instead of computing them: most of a
one-line query's start-up otherwise. A built package also carries the rules pages (``docs/rules``,
as ``scorer/_docs/rules``) for ``mjscore rules``; a source checkout reads ``docs/`` directly.
"""

import importlib.util
import os
import shutil

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

extensions = [
    Extension("scorer._fast", ["scorer/_fast.pyx"], extra_compile_args=["-O3"]),
    Extension("scorer._compact", ["scorer/_compact.pyx"], extra_compile_args=["-O3"]),
    Extension("scorer._dispatch", ["scorer/_dispatch.pyx"], extra_compile_args=["-O3"]),
    Extension("scorer._fastparse", ["scorer/_fastparse.pyx"], extra_compile_args=["-O3"]),
    Extension("scorer.variants.mcr._fast", ["scorer/variants/mcr/_fast.pyx"], extra_compile_args=["-O3"]),
    Extension("scorer.variants.riichi._fast", ["scorer/variants/riichi/_fast.pyx"], extra_compile_args=["-O3"]),
    Extension("scorer.efficiency._shanten", ["scorer/efficiency/_shanten.pyx"], extra_compile_args=["-O3"]),
]


class BuildWithTables(build_ext):
    def run(self) -> None:
        super().run()
        built = self.get_ext_fullpath("scorer._fast")
        spec = importlib.util.spec_from_file_location("scorer._fast", built)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.write_tables(os.path.join(os.path.dirname(built), module.TABLE_FILE))


class BuildWithDocs(build_py):
    def run(self) -> None:
        super().run()
        if not self.editable_mode and os.path.isdir("docs/rules"):
            shutil.copytree("docs/rules", os.path.join(self.build_lib, "scorer", "_docs", "rules"), dirs_exist_ok=True)


setup(
    cmdclass={"build_ext": BuildWithTables, "build_py": BuildWithDocs},
    ext_modules=cythonize(
        extensions,
        language_level=3,
        compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True},
    ),
)
