"""A bare one-command typer app: the yardstick of the one-line query's start-up (bench/run.py
one_liner), run as ``python bench/bare_typer.py mcr HAND --self-draw --seat S``."""

from typing import Annotated

import typer

app = typer.Typer()


@app.command()
def main(variant: str, hand: str, self_draw: Annotated[bool, typer.Option("--self-draw")] = False,
         seat: Annotated[str, typer.Option("--seat")] = "E") -> None:
    print(variant, hand, self_draw, seat)


if __name__ == "__main__":
    app()
