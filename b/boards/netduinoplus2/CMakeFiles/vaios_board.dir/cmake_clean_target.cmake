file(REMOVE_RECURSE
  "libvaios_board.a"
)
