from nqueens.cli import main

main()
