from exact_odds.cli import main

main(prog_name="exact-odds")
