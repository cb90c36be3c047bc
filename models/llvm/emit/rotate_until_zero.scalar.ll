; X, Y, Z rotate every iteration until a zero (verifier's lowering of a model: the
; emitter's Rotation recipe)
; the loop model rotate_until_zero (rotate_until_zero.loop) as LLVM IR, written by verifier

define i8 @rotate_until_zero(i64 noundef %N, ptr noalias captures(none) align 1 %a) {
entry:
  %a.elems = call i64 @llvm.smax.i64(i64 %N, i64 0)
  %a.fits = icmp ule i64 %a.elems, 9223372036854775807
  call void @llvm.assume(i1 %a.fits)
  %a.size = mul nuw nsw i64 %a.elems, 1
  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %a, i64 %a.size) ]
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.2, %join ]
  %X.1 = phi i8 [ 0, %entry ], [ %Y.1, %join ]
  %Y.1 = phi i8 [ 1, %entry ], [ %Z.1, %join ]
  %Z.1 = phi i8 [ 2, %entry ], [ %X.1, %join ]
  %t = icmp slt i64 %i, %N
  br i1 %t, label %body, label %exit.loopexit
exit.loopexit:
  %X.1.lcssa1 = phi i8 [ %X.1, %loop ]
  br label %exit
body:
  %a.at = getelementptr inbounds i8, ptr %a, i64 %i
  %x = load i8, ptr %a.at, align 1
  %t.2 = icmp eq i8 %x, 0
  br i1 %t.2, label %then.loopexit, label %else
else:
  br label %join
join:
  %i.2 = add i64 %i, 1
  br label %loop
then.loopexit:
  %X.1.lcssa = phi i8 [ %X.1, %body ]
  br label %then
then:
  br label %exit
exit:
  %X.1.merge = phi i8 [ %X.1.lcssa, %then ], [ %X.1.lcssa1, %exit.loopexit ]
  ret i8 %X.1.merge
}

declare i64 @llvm.smax.i64(i64, i64)
declare void @llvm.assume(i1 noundef)
