; inflate_table (zlib inftrees.c): a pointer into one of several tables, then offset
@dext = internal constant [4 x i16] [i16 1, i16 2, i16 3, i16 4], align 2
@lext = internal constant [4 x i16] [i16 5, i16 6, i16 7, i16 8], align 2

define i16 @pick(i1 %which, i64 %k) {
entry:
  br i1 %which, label %a, label %b
a:
  br label %join
b:
  br label %join
join:
  %t = phi ptr [ @dext, %a ], [ @lext, %b ]
  %p = getelementptr inbounds i16, ptr %t, i64 %k
  %v = load i16, ptr %p, align 2
  ret i16 %v
}
