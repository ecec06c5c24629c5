// libedit's readline-compatible API (BSD licence) for the REPL's line editor.
#ifndef TERN_CEDITLINE_SHIM_H
#define TERN_CEDITLINE_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <editline/readline.h>
#endif
