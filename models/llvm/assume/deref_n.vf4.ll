; ModuleID = 'deref_n.ll'
source_filename = "deref_n.ll"

; Function Attrs: nofree nosync
define i64 @first_difference(ptr noalias %a, ptr noalias %b, i64 %n) #0 {
entry:
  call void @llvm.assume(i1 true) [ "align"(ptr %a, i64 4), "dereferenceable"(ptr %a, i64 %n) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %b, i64 4), "dereferenceable"(ptr %b, i64 %n) ]
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop.preheader

loop.preheader:                                   ; preds = %entry
  %min.iters.check = icmp ult i64 %n, 4
  br i1 %min.iters.check, label %scalar.ph, label %vector.ph

vector.ph:                                        ; preds = %loop.preheader
  %n.mod.vf = urem i64 %n, 4
  %n.vec = sub i64 %n, %n.mod.vf
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %0 = getelementptr inbounds i8, ptr %a, i64 %index
  %wide.load = load <4 x i8>, ptr %0, align 1
  %1 = getelementptr inbounds i8, ptr %b, i64 %index
  %wide.load1 = load <4 x i8>, ptr %1, align 1
  %2 = icmp ne <4 x i8> %wide.load, %wide.load1
  %index.next = add nuw i64 %index, 4
  %3 = freeze <4 x i1> %2
  %4 = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %3)
  %5 = icmp eq i64 %index.next, %n.vec
  %6 = or i1 %4, %5
  br i1 %6, label %middle.split, label %vector.body, !llvm.loop !0

middle.split:                                     ; preds = %vector.body
  br i1 %4, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  %cmp.n = icmp eq i64 %n, %n.vec
  br i1 %cmp.n, label %done.loopexit, label %scalar.ph

vector.early.exit:                                ; preds = %middle.split
  %7 = call i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1> %2, i1 false)
  %8 = add i64 %index, %7
  br label %done.loopexit

scalar.ph:                                        ; preds = %loop.preheader, %middle.block
  %bc.resume.val = phi i64 [ %n.vec, %middle.block ], [ 0, %loop.preheader ]
  br label %loop

loop:                                             ; preds = %scalar.ph, %next
  %i = phi i64 [ %i.next, %next ], [ %bc.resume.val, %scalar.ph ]
  %pa = getelementptr inbounds i8, ptr %a, i64 %i
  %x = load i8, ptr %pa, align 1
  %pb = getelementptr inbounds i8, ptr %b, i64 %i
  %y = load i8, ptr %pb, align 1
  %same = icmp eq i8 %x, %y
  br i1 %same, label %next, label %done.loopexit

next:                                             ; preds = %loop
  %i.next = add i64 %i, 1
  %more = icmp ne i64 %i.next, %n
  br i1 %more, label %loop, label %done.loopexit, !llvm.loop !3

done.loopexit:                                    ; preds = %vector.early.exit, %middle.block, %loop, %next
  %r.ph = phi i64 [ %n, %next ], [ %i, %loop ], [ %n, %middle.block ], [ %8, %vector.early.exit ]
  br label %done

done:                                             ; preds = %done.loopexit, %entry
  %r = phi i64 [ -1, %entry ], [ %r.ph, %done.loopexit ]
  ret i64 %r
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1>, i1 immarg) #2

attributes #0 = { nofree nosync }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!0 = distinct !{!0, !1, !2}
!1 = !{!"llvm.loop.isvectorized", i32 1}
!2 = !{!"llvm.loop.unroll.runtime.disable"}
!3 = distinct !{!3, !2, !1}
