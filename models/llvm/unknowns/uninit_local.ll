; inflateSync (zlib inflate.c): a local buffer read before anything fills it
define i8 @first(i64 %k) {
entry:
  %buf = alloca [4 x i8], align 1
  %p = getelementptr inbounds i8, ptr %buf, i64 %k
  %v = load i8, ptr %p, align 1
  ret i8 %v
}
