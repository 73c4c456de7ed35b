"""Build the Cython core; everything else lives in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = [
    Extension("scorer._fast", ["scorer/_fast.pyx"], extra_compile_args=["-O3"]),
    Extension("scorer._compact", ["scorer/_compact.pyx"], extra_compile_args=["-O3"]),
    Extension("scorer._fastparse", ["scorer/_fastparse.pyx"], extra_compile_args=["-O3"]),
    Extension("scorer.variants.mcr._fast", ["scorer/variants/mcr/_fast.pyx"], extra_compile_args=["-O3"]),
]

setup(
    ext_modules=cythonize(
        extensions,
        language_level=3,
        compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True},
    ),
)
