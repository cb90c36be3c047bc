; ModuleID = 'first_difference.scalar.ll'
source_filename = "c/first_difference.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read, inaccessiblemem: write) uwtable
define dso_local range(i64 -9223372036854775808, 9223372036854775807) i64 @first_difference(ptr noundef readonly captures(none) %0, ptr noundef readonly captures(none) %1, i64 noundef %2) local_unnamed_addr #0 {
  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %0, i64 %2) ]
  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %1, i64 %2) ]
  %4 = icmp sgt i64 %2, 0
  br i1 %4, label %5, label %27

5:                                                ; preds = %3
  %min.iters.check = icmp ult i64 %2, 48
  br i1 %min.iters.check, label %scalar.ph, label %vector.ph

vector.ph:                                        ; preds = %5
  %n.mod.vf = urem i64 %2, 16
  %n.vec = sub i64 %2, %n.mod.vf
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %6 = getelementptr inbounds nuw i8, ptr %0, i64 %index
  %wide.load = load <16 x i8>, ptr %6, align 1, !tbaa !9
  %7 = getelementptr inbounds nuw i8, ptr %1, i64 %index
  %wide.load1 = load <16 x i8>, ptr %7, align 1, !tbaa !9
  %8 = icmp ne <16 x i8> %wide.load, %wide.load1
  %index.next = add nuw i64 %index, 16
  %9 = freeze <16 x i1> %8
  %10 = call i1 @llvm.vector.reduce.or.v16i1(<16 x i1> %9)
  %11 = icmp eq i64 %index.next, %n.vec
  %12 = or i1 %10, %11
  br i1 %12, label %middle.split, label %vector.body, !llvm.loop !10

middle.split:                                     ; preds = %vector.body
  br i1 %10, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  %cmp.n = icmp eq i64 %2, %n.vec
  br i1 %cmp.n, label %25, label %scalar.ph

vector.early.exit:                                ; preds = %middle.split
  %13 = call i64 @llvm.experimental.cttz.elts.i64.v16i1(<16 x i1> %8, i1 false)
  %14 = add i64 %index, %13
  br label %25

scalar.ph:                                        ; preds = %5, %middle.block
  %bc.resume.val = phi i64 [ %n.vec, %middle.block ], [ 0, %5 ]
  br label %15

15:                                               ; preds = %scalar.ph, %22
  %16 = phi i64 [ %23, %22 ], [ %bc.resume.val, %scalar.ph ]
  %17 = getelementptr inbounds nuw i8, ptr %0, i64 %16
  %18 = load i8, ptr %17, align 1, !tbaa !9
  %19 = getelementptr inbounds nuw i8, ptr %1, i64 %16
  %20 = load i8, ptr %19, align 1, !tbaa !9
  %21 = icmp eq i8 %18, %20
  br i1 %21, label %22, label %25

22:                                               ; preds = %15
  %23 = add nuw nsw i64 %16, 1
  %24 = icmp eq i64 %23, %2
  br i1 %24, label %25, label %15, !llvm.loop !15

25:                                               ; preds = %vector.early.exit, %middle.block, %22, %15
  %26 = phi i64 [ %16, %15 ], [ -1, %22 ], [ -1, %middle.block ], [ %14, %vector.early.exit ]
  br label %27

27:                                               ; preds = %25, %3
  %28 = phi i64 [ -1, %3 ], [ %26, %25 ]
  ret i64 %28
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.v16i1(<16 x i1>) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.v16i1(<16 x i1>, i1 immarg) #2

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read, inaccessiblemem: write) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!7, !7, i64 0}
!10 = distinct !{!10, !11, !12, !13, !14}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!"llvm.loop.unroll.disable"}
!13 = !{!"llvm.loop.isvectorized", i32 1}
!14 = !{!"llvm.loop.unroll.runtime.disable"}
!15 = distinct !{!15, !11, !12, !13}
