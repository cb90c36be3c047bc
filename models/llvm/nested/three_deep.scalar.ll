; ModuleID = 'c/three_deep.c'
source_filename = "c/three_deep.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@tab = dso_local local_unnamed_addr global [64 x i32] zeroinitializer, align 16

; Function Attrs: nofree norecurse nosync nounwind memory(read, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local i32 @three_deep(ptr noundef readonly captures(none) %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %14

5:                                                ; preds = %3
  %6 = icmp sgt i32 %1, 0
  %7 = zext nneg i32 %1 to i64
  br label %8

8:                                                ; preds = %5, %23
  %9 = phi i32 [ 0, %5 ], [ %25, %23 ]
  %10 = phi i32 [ 0, %5 ], [ %24, %23 ]
  br i1 %6, label %11, label %23

11:                                               ; preds = %8
  br label %16

12:                                               ; preds = %23
  %13 = phi i32 [ %24, %23 ]
  br label %14

14:                                               ; preds = %12, %3
  %15 = phi i32 [ 0, %3 ], [ %13, %12 ]
  ret i32 %15

16:                                               ; preds = %11, %39
  %17 = phi i64 [ %42, %39 ], [ 0, %11 ]
  %18 = phi i32 [ %41, %39 ], [ %10, %11 ]
  %19 = getelementptr inbounds nuw i32, ptr %0, i64 %17
  %20 = load i32, ptr %19, align 4, !tbaa !5
  br label %27

21:                                               ; preds = %39
  %22 = phi i32 [ %41, %39 ]
  br label %23

23:                                               ; preds = %21, %8
  %24 = phi i32 [ %10, %8 ], [ %22, %21 ]
  %25 = add nuw nsw i32 %9, 1
  %26 = icmp eq i32 %25, %2
  br i1 %26, label %12, label %8, !llvm.loop !9

27:                                               ; preds = %16, %32
  %28 = phi i64 [ 0, %16 ], [ %33, %32 ]
  %29 = getelementptr inbounds nuw i32, ptr @tab, i64 %28
  %30 = load i32, ptr %29, align 4, !tbaa !5
  %31 = icmp eq i32 %30, %20
  br i1 %31, label %35, label %32

32:                                               ; preds = %27
  %33 = add nuw nsw i64 %28, 1
  %34 = icmp eq i64 %33, 64
  br i1 %34, label %38, label %27, !llvm.loop !12

35:                                               ; preds = %27
  %36 = phi i64 [ %28, %27 ]
  %37 = trunc nuw nsw i64 %36 to i32
  br label %39

38:                                               ; preds = %32
  br label %39

39:                                               ; preds = %38, %35
  %40 = phi i32 [ %37, %35 ], [ 64, %38 ]
  %41 = add nsw i32 %40, %18
  %42 = add nuw nsw i64 %17, 1
  %43 = icmp eq i64 %42, %7
  br i1 %43, label %21, label %16, !llvm.loop !13
}

attributes #0 = { nofree norecurse nosync nounwind memory(read, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

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
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
!12 = distinct !{!12, !10, !11}
!13 = distinct !{!13, !10, !11}
