from exact_odds.console import main

main()
