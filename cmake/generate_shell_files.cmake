# Run after c2a is linked (cli/CMakeLists.txt): the man page and the completion scripts, made by
# the binary from the same app `--help` prints, into BUILD/share as they are installed.
#   cmake -DC2A=<binary> -DOUT=<BUILD/share> -P generate_shell_files.cmake
foreach(entry "man/man1/c2a.1|help;--man" "bash-completion/completions/c2a|completion;bash"
              "zsh/vendor-completions/_c2a|completion;zsh"
              "fish/vendor_completions.d/c2a.fish|completion;fish")
  string(REPLACE "|" ";" parts "${entry}")
  list(GET parts 0 file)
  list(SUBLIST parts 1 -1 arguments)
  get_filename_component(directory "${OUT}/${file}" DIRECTORY)
  file(MAKE_DIRECTORY "${directory}")
  execute_process(COMMAND "${C2A}" ${arguments} OUTPUT_FILE "${OUT}/${file}.new"
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "c2a ${arguments} failed (${status})")
  endif()
  # Unchanged files keep their time stamps: nothing downstream is redone for nothing.
  file(COPY_FILE "${OUT}/${file}.new" "${OUT}/${file}" ONLY_IF_DIFFERENT)
  file(REMOVE "${OUT}/${file}.new")
endforeach()
