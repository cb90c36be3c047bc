; main (zlib's minigzip): the program's base name is what strrchr finds in argv[0],
; a call with a pointer argument made after memory was read
declare ptr @strrchr(ptr, i32) nounwind willreturn memory(argmem: read)

define i32 @base_name(ptr %argv) {
entry:
  %prog = load ptr, ptr %argv, align 8
  %slash = call ptr @strrchr(ptr %prog, i32 47)
  %next = getelementptr inbounds i8, ptr %slash, i64 1
  %c = load i8, ptr %next, align 1
  %r = zext i8 %c to i32
  ret i32 %r
}
